/// A debit card account: a posted balance, pending holds, and the rule that a charge is approved only
/// when it fits in the available balance.
///
/// **Rule**: a charge is declined when its amount is greater than the available balance, the posted
/// balance minus all pending holds. Approved charges place a hold; a capture posts it (possibly for
/// less, releasing the rest); a release or an expiry gives it back. Holds expire after
/// ``holdLifetime`` days. Every request carries an id: the same id again returns the first answer and
/// changes nothing (idempotency); the same id for a different request is an error.
///
/// ```swift
/// var account = Account(posted: Balance(cents: 5_000))
/// try account.authorize("r1", amount: Amount(cents: 5_100), day: 1)   // declined: insufficient funds
/// try account.authorize("r2", amount: Amount(cents: 4_900), day: 1)   // approved, hold h1
/// ```
public struct Account: Hashable, Sendable {
    /// Whether the account accepts charges.
    public enum Status: String, Hashable, Sendable {
        /// Normal.
        case open
        /// Charges are declined; deposits, captures and releases still work.
        case frozen
        /// Nothing works.
        case closed
    }

    /// The settled balance.
    public private(set) var posted: Balance
    /// Every hold ever placed, by id.
    public private(set) var holds: [String: Hold] = [:]
    /// The account's status.
    public private(set) var status: Status
    /// Days a hold lives before it expires: a hold placed on day `d` expires on day `d + holdLifetime`.
    public let holdLifetime: Int
    private var responses: [String: (request: Request, response: Response)] = [:]
    private var issuedHolds = 0

    /// An account with `posted` balance and, as when an account is migrated, holds already pending
    /// (ids `h1`, `h2`, … placed on `day`).
    public init(
        posted: Balance = Balance(cents: 0), pending: [Amount] = [], day: Int = 1, status: Status = .open,
        holdLifetime: Int = 7
    ) {
        self.posted = posted
        self.status = status
        self.holdLifetime = holdLifetime
        for amount in pending {
            issuedHolds += 1
            holds["h\(issuedHolds)"] = Hold(id: "h\(issuedHolds)", amount: amount, day: day, state: .pending)
        }
    }

    /// The posted balance minus every pending hold.
    public var available: Balance {
        Balance(cents: posted.cents - pendingHolds.map(\.amount.cents).reduce(0, +))
    }

    /// The holds still pending, by id order.
    public var pendingHolds: [Hold] {
        holds.values.filter { $0.state == .pending }.sorted {
            $0.id.count == $1.id.count ? $0.id < $1.id : $0.id.count < $1.id.count
        }
    }

    /// What the account answers to an authorization.
    public enum AuthorizationResult: Hashable, Sendable {
        /// Approved: funds are held under this hold id.
        case approved(holdID: String)
        /// Declined, and why.
        case declined(Decline)
    }

    /// Requests, remembered per request id for idempotency.
    enum Request: Hashable {
        case authorize(Amount, day: Int)
        case capture(hold: String, Amount)
        case release(hold: String)
        case credit(Amount)
    }

    enum Response: Hashable {
        case authorization(AuthorizationResult)
        case done
    }

    /// Asks to charge `amount`: approved with a hold when it fits in the available balance.
    @discardableResult
    public mutating func authorize(_ requestID: String, amount: Amount, day: Int) throws(CardError)
        -> AuthorizationResult
    {
        if case .authorization(let result) = try replayed(requestID, .authorize(amount, day: day)) { return result }
        let result: AuthorizationResult
        switch status {
        case .closed: result = .declined(.accountClosed)
        case .frozen: result = .declined(.accountFrozen)
        case .open:
            if amount.cents > available.cents {
                result = .declined(.insufficientFunds)
            } else {
                issuedHolds += 1
                let id = "h\(issuedHolds)"
                holds[id] = Hold(id: id, amount: amount, day: day, state: .pending)
                result = .approved(holdID: id)
            }
        }
        responses[requestID] = (.authorize(amount, day: day), .authorization(result))
        return result
    }

    /// Posts a pending hold for `amount` (at most the held amount); the rest is released.
    public mutating func capture(_ requestID: String, hold id: String, amount: Amount) throws(CardError) {
        if try replayed(requestID, .capture(hold: id, amount)) != nil { return }
        let hold = try pendingHold(id)
        guard amount <= hold.amount else { throw .captureExceedsHold(hold: id, held: hold.amount, requested: amount) }
        holds[id]?.state = .captured
        posted = Balance(cents: posted.cents - amount.cents)
        responses[requestID] = (.capture(hold: id, amount), .done)
    }

    /// Gives a pending hold back.
    public mutating func release(_ requestID: String, hold id: String) throws(CardError) {
        if try replayed(requestID, .release(hold: id)) != nil { return }
        _ = try pendingHold(id)
        holds[id]?.state = .released
        responses[requestID] = (.release(hold: id), .done)
    }

    /// Adds `amount` to the posted balance: a deposit or a refund.
    public mutating func credit(_ requestID: String, amount: Amount) throws(CardError) {
        if try replayed(requestID, .credit(amount)) != nil { return }
        guard status != .closed else { throw .accountClosed }
        posted = Balance(cents: posted.cents + amount.cents)
        responses[requestID] = (.credit(amount), .done)
    }

    /// Expires every pending hold placed `holdLifetime` or more days before `day`; returns their ids.
    @discardableResult
    public mutating func expireHolds(on day: Int) -> [String] {
        let expired = pendingHolds.filter { day - $0.day >= holdLifetime }.map(\.id)
        for id in expired { holds[id]?.state = .expired }
        return expired
    }

    /// Freezes, unfreezes or closes the account.
    public mutating func setStatus(_ status: Status) {
        if self.status != .closed { self.status = status }
    }

    private func pendingHold(_ id: String) throws(CardError) -> Hold {
        guard status != .closed else { throw .accountClosed }
        guard let hold = holds[id] else { throw .unknownHold(id) }
        guard hold.state == .pending else { throw .holdNotPending(id, hold.state) }
        return hold
    }

    /// The earlier response to `requestID`, when it was this same request.
    private func replayed(_ requestID: String, _ request: Request) throws(CardError) -> Response? {
        guard let earlier = responses[requestID] else { return nil }
        guard earlier.request == request else { throw .conflictingRequest(requestID) }
        return earlier.response
    }

    /// Two accounts are equal when their balances, holds and status are.
    public static func == (lhs: Account, rhs: Account) -> Bool {
        lhs.posted == rhs.posted && lhs.holds == rhs.holds && lhs.status == rhs.status
            && lhs.holdLifetime == rhs.holdLifetime
    }

    /// Hashes the balances, holds and status.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(posted)
        hasher.combine(holds)
        hasher.combine(status)
    }
}
