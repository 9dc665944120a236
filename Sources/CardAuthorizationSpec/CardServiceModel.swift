import CardAuthorization

/// The simplest card service that could work, as the concurrent spec's reference: every request
/// applied whole, one at a time, in some order. The service must answer as if it were this model.
///
/// Like the service, it remembers answered requests by id (a retry gets the first answer and changes
/// nothing; the same id for another request is refused) but not refused ones, and it writes a ledger
/// entry for every change of funds.
public struct CardServiceModel: Sendable, CustomStringConvertible {
    /// Charges above this many cents are declined by the risk check double (``CardDoubles``).
    public static let riskLimit = 8_000

    /// Posted balance in cents.
    public private(set) var posted = 0
    /// Holds in the order placed: `h1`, `h2`, ….
    public private(set) var holds: [(amount: Int, state: HoldState)] = []
    /// The ledger entries written so far.
    public private(set) var ledger: [LedgerEntry] = []
    private var answers: [String: (request: Request, answer: CardAnswer)] = [:]

    private enum Request: Equatable {
        case credit(Int)
        case authorize(Int)
        case capture(hold: String, Int)
        case release(hold: String)
    }

    /// An account with `posted` cents and nothing held.
    public init(posted: Int = 0) {
        self.posted = posted
    }

    /// The pending holds by id, with their amounts.
    public var pending: [(hold: String, amount: Int)] {
        holds.enumerated().filter { $0.element.state == .pending }.map { ("h\($0.offset + 1)", $0.element.amount) }
    }

    /// Posted minus pending holds.
    public var available: Int { posted - holds.filter { $0.state == .pending }.map(\.amount).reduce(0, +) }

    /// Credits `cents`.
    public mutating func credit(_ id: String, cents: Int) -> CardAnswer {
        once(id, .credit(cents)) { (model: inout CardServiceModel) throws(CardError) -> CardAnswer in
            model.posted += cents
            model.ledger.append(.credit(try amount(cents)))
            return .done
        }
    }

    /// Authorizes a charge of `cents`.
    public mutating func authorize(_ id: String, cents: Int) -> CardAnswer {
        once(id, .authorize(cents)) { (model: inout CardServiceModel) throws(CardError) -> CardAnswer in
            guard cents <= Self.riskLimit else { return .declined(.riskDeclined) }
            guard cents <= model.available else { return .declined(.insufficientFunds) }
            model.holds.append((cents, .pending))
            let hold = "h\(model.holds.count)"
            model.ledger.append(.hold(hold, try amount(cents)))
            return .approved(hold: hold)
        }
    }

    /// Captures `cents` of `hold`.
    public mutating func capture(_ id: String, hold: String, cents: Int) -> CardAnswer {
        once(id, .capture(hold: hold, cents)) { (model: inout CardServiceModel) throws(CardError) -> CardAnswer in
            let index = try model.pending(hold)
            guard cents <= model.holds[index].amount else {
                throw .captureExceedsHold(
                    hold: hold, held: try amount(model.holds[index].amount), requested: try amount(cents))
            }
            model.holds[index].state = .captured
            model.posted -= cents
            model.ledger.append(.capture(hold, try amount(cents)))
            return .done
        }
    }

    /// Releases `hold`.
    public mutating func release(_ id: String, hold: String) -> CardAnswer {
        once(id, .release(hold: hold)) { (model: inout CardServiceModel) throws(CardError) -> CardAnswer in
            model.holds[try model.pending(hold)].state = .released
            model.ledger.append(.release(hold))
            return .done
        }
    }

    /// What the service should look like.
    public var snapshot: CardSystem.Snapshot {
        CardSystem.Snapshot(
            posted: posted, available: available,
            holds: Dictionary(uniqueKeysWithValues: holds.enumerated().map { ("h\($0.offset + 1)", $0.element.state) }))
    }

    /// `posted $0.50, available $0.20, h1 $0.30 pending`.
    public var description: String {
        let holdText = holds.enumerated().map {
            "h\($0.offset + 1) \(Balance(cents: $0.element.amount)) \($0.element.state.rawValue)"
        }
        return (["posted \(Balance(cents: posted))", "available \(Balance(cents: available))"] + holdText).joined(
            separator: ", ")
    }

    private func pending(_ hold: String) throws(CardError) -> Int {
        guard hold.hasPrefix("h"), let number = Int(hold.dropFirst()), holds.indices.contains(number - 1) else {
            throw .unknownHold(hold)
        }
        guard holds[number - 1].state == .pending else { throw .holdNotPending(hold, holds[number - 1].state) }
        return number - 1
    }

    private mutating func once(
        _ id: String, _ request: Request, _ work: (inout CardServiceModel) throws(CardError) -> CardAnswer
    ) -> CardAnswer {
        if let earlier = answers[id] {
            return earlier.request == request ? earlier.answer : .refused(.conflictingRequest(id))
        }
        var changed = self
        do {
            let answer = try work(&changed)
            self = changed
            answers[id] = (request, answer)
            return answer
        } catch {
            return .refused(error)
        }
    }
}

/// The amount of `cents`; the engine decides whether it is valid, as it does for the system the model
/// is compared with (rows state its limits).
private func amount(_ cents: Int) throws(CardError) -> Amount { try Amount(cents: cents) }
