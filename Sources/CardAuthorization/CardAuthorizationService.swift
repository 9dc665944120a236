/// The account behind an actor, as a card network reaches it: requests from many terminals at once,
/// each awaiting the risk check and the ledger, which are injected (``RiskCheck``, ``Ledger``).
///
/// An actor's state may change at every `await` (reentrancy): while one authorization waits for the
/// risk check, another may run to completion. So the service never carries a decision across an
/// `await`:
///
/// - an authorization asks the risk check first, then reads the available balance and places the hold
///   in one synchronous step — two charges of $30 on $50 at once cannot both be approved;
/// - captures and releases change the hold before writing the ledger — a hold released while a capture
///   waits for the ledger cannot be captured;
/// - a request is remembered by id from the moment it starts, so a retry that arrives while the first
///   attempt is still suspended waits for it and returns its answer, changing nothing (and another
///   request under that id waits for it too before it is refused).
///
/// ```swift
/// let service = CardAuthorizationService(account: Account(posted: Balance(cents: 5_000)), risk: risk, ledger: ledger)
/// async let first = service.authorize("r1", amount: try Amount(cents: 3_000), day: 1)
/// async let second = service.authorize("r2", amount: try Amount(cents: 3_000), day: 1)
/// // exactly one is approved
/// ```
public actor CardAuthorizationService {
    private var account: Account
    private let risk: RiskCheck
    private let ledger: Ledger
    /// The answers given, by request id, for retries.
    private var answered: [String: (request: Request, answer: Answer)] = [:]
    /// The ids of requests still being worked on, with the requests waiting for them to end.
    private var inFlight: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// A service for `account`, asking `risk` before approving a charge and writing every change of funds
    /// to `ledger` (by default: approve everything, write nowhere, both without suspending).
    public init(account: Account = Account(), risk: RiskCheck = .approveAll, ledger: Ledger = .discard) {
        self.account = account
        self.risk = risk
        self.ledger = ledger
    }

    /// Asks the risk check, then authorizes as ``Account/authorize(_:amount:day:)`` does; an approved
    /// hold is written to the ledger.
    public func authorize(_ requestID: String, amount: Amount, day: Int) async throws(CardError)
        -> Account.AuthorizationResult
    {
        let answer = try await once(requestID, .authorize(amount, day: day)) { () async throws(CardError) -> Answer in
            guard await risk.assess(requestID, amount) == .approve else {
                return .authorization(.declined(.riskDeclined))
            }
            // No await between reading the balance and placing the hold: they are one step.
            let result = try account.authorize(requestID, amount: amount, day: day)
            if case .approved(let hold) = result { await ledger.write(.hold(hold, amount)) }
            return .authorization(result)
        }
        guard case .authorization(let result) = answer else { throw .conflictingRequest(requestID) }
        return result
    }

    /// Captures as ``Account/capture(_:hold:amount:)`` does, then writes the ledger.
    public func capture(_ requestID: String, hold: String, amount: Amount) async throws(CardError) {
        _ = try await once(requestID, .capture(hold: hold, amount)) { () async throws(CardError) -> Answer in
            try account.capture(requestID, hold: hold, amount: amount)
            await ledger.write(.capture(hold, amount))
            return .done
        }
    }

    /// Releases as ``Account/release(_:hold:)`` does, then writes the ledger.
    public func release(_ requestID: String, hold: String) async throws(CardError) {
        _ = try await once(requestID, .release(hold: hold)) { () async throws(CardError) -> Answer in
            try account.release(requestID, hold: hold)
            await ledger.write(.release(hold))
            return .done
        }
    }

    /// Credits as ``Account/credit(_:amount:)`` does, then writes the ledger.
    public func credit(_ requestID: String, amount: Amount) async throws(CardError) {
        _ = try await once(requestID, .credit(amount)) { () async throws(CardError) -> Answer in
            try account.credit(requestID, amount: amount)
            await ledger.write(.credit(amount))
            return .done
        }
    }

    /// See ``Account/expireHolds(on:)``.
    @discardableResult
    public func expireHolds(on day: Int) -> [String] {
        account.expireHolds(on: day)
    }

    /// See ``Account/setStatus(_:)``.
    public func setStatus(_ status: Account.Status) {
        account.setStatus(status)
    }

    /// The account as it stands.
    public var snapshot: Account { account }

    private enum Request: Hashable {
        case authorize(Amount, day: Int)
        case capture(hold: String, Amount)
        case release(hold: String)
        case credit(Amount)
    }

    private enum Answer {
        case authorization(Account.AuthorizationResult)
        case done
    }

    /// Does `work` once per request id: a request whose id is in flight waits for that attempt to end and
    /// is then answered as if it came after it — the first answer for a retry, a refusal for another
    /// request under the same id. A request that failed is not remembered (as the account does), so a
    /// later retry tries again.
    private func once(_ id: String, _ request: Request, _ work: () async throws(CardError) -> Answer)
        async throws(CardError) -> Answer
    {
        while inFlight[id] != nil {
            await withCheckedContinuation { inFlight[id]?.append($0) }
        }
        if let earlier = answered[id] {
            guard earlier.request == request else { throw .conflictingRequest(id) }
            return earlier.answer
        }
        inFlight[id] = []
        let result: Result<Answer, CardError>
        do { result = .success(try await work()) } catch { result = .failure(error) }
        if case .success(let answer) = result { answered[id] = (request, answer) }
        inFlight.removeValue(forKey: id)?.forEach { $0.resume() }
        return try result.get()
    }
}
