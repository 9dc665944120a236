import CardAuthorization

/// The simplest account that could work: the reference the engine is compared with after every step.
public struct CardModel: Hashable, Sendable, CustomStringConvertible {
    /// One hold as the model sees it.
    public struct ModelHold: Hashable, Sendable {
        /// `h1`, `h2`, ….
        public var id: String
        /// Cents held.
        public var amount: Int
        /// The day it was placed.
        public var day: Int
        /// Where it stands.
        public var state: HoldState
    }

    /// A request the model has answered, kept so a retry can resend it.
    public enum SentRequest: Hashable, Sendable {
        /// An authorization, with the answer it got.
        case authorize(id: String, amount: Int, day: Int, result: Account.AuthorizationResult)
        /// A deposit.
        case credit(id: String, amount: Int)
        /// A capture.
        case capture(id: String, hold: String, amount: Int)
        /// A release.
        case release(id: String, hold: String)
    }

    /// Posted balance in cents.
    public var posted = 0
    /// Holds in the order placed.
    public var holds: [ModelHold] = []
    /// The account's status.
    public var status = Account.Status.open
    /// Today.
    public var day = 1
    /// Requests sent so far.
    public var sent: [SentRequest] = []
    /// Days before a hold expires.
    public var holdLifetime = 7

    /// A fresh, empty, open account on day 1.
    public init() {}

    /// Posted minus pending holds.
    public var available: Int { posted - holds.filter { $0.state == .pending }.map(\.amount).reduce(0, +) }
    /// Pending holds.
    public var pending: [ModelHold] { holds.filter { $0.state == .pending } }
    /// The next request id.
    var nextRequest: String { "r\(sent.count + 1)" }

    /// What the engine should answer to authorizing `amount` now.
    func decide(_ amount: Int) -> Account.AuthorizationResult {
        switch status {
        case .closed: .declined(.accountClosed)
        case .frozen: .declined(.accountFrozen)
        case .open: amount <= available ? .approved(holdID: "h\(holds.count + 1)") : .declined(.insufficientFunds)
        }
    }

    /// What the engine should look like.
    var snapshot: CardSystem.Snapshot {
        CardSystem.Snapshot(
            posted: posted, available: available,
            holds: Dictionary(uniqueKeysWithValues: holds.map { ($0.id, $0.state) }))
    }

    /// `day 3, posted $50.00, available $25.00, h1 $25.00 pending`.
    public var description: String {
        let holdText = holds.map { "\($0.id) \(Balance(cents: $0.amount)) \($0.state.rawValue)" }.joined(
            separator: ", ")
        return
            "day \(day), \(status == .open ? "" : "\(status.rawValue), ")posted \(Balance(cents: posted)), "
            + "available \(Balance(cents: available))\(holdText.isEmpty ? "" : ", " + holdText)"
    }
}
