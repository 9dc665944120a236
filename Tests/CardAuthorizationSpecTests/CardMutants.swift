import CardAuthorization
import CardAuthorizationSpec

/// A second, deliberately simple account implementation with one planted bug at a time: the state
/// machine must catch each of them.
actor MutantAccount {
    enum Bug: String, CaseIterable, Sendable {
        /// Approves charges against the posted balance, ignoring pending holds.
        case comparesPostedBalance = "compares against posted instead of available"
        /// Keeps a running total of pending holds and takes a release off it even when the hold is
        /// no longer pending.
        case releasesTwice = "releasing a hold twice"
        /// A partial capture posts the captured amount but keeps holding the rest.
        case partialCaptureKeepsRest = "partial capture not releasing the rest"
        /// Processes a retried request again.
        case noIdempotency = "missing idempotency"
        /// Expires holds one day late.
        case expiryOffByOneDay = "expiry off by one day"
        /// Forgets settled requests: a retried capture or release is refused, the hold being settled.
        case settlementRetryRefused = "a retried capture or release refused"
    }

    struct MutantHold { var amount: Int; var day: Int; var state: HoldState; var remaining: Int }

    let bug: Bug
    var posted = 0
    var pendingTotal = 0
    var holds: [String: MutantHold] = [:]
    var status = Account.Status.open
    var seen: [String: Account.AuthorizationResult?] = [:]

    init(bug: Bug) { self.bug = bug }

    var available: Int { posted - pendingTotal }

    func authorize(_ request: String, _ amount: Amount, _ day: Int) -> Account.AuthorizationResult {
        if bug != .noIdempotency, let earlier = seen[request], let result = earlier { return result }
        let result: Account.AuthorizationResult
        if status == .closed {
            result = .declined(.accountClosed)
        } else if status == .frozen {
            result = .declined(.accountFrozen)
        } else if amount.cents > (bug == .comparesPostedBalance ? posted : available) {
            result = .declined(.insufficientFunds)
        } else {
            let id = "h\(holds.count + 1)"
            holds[id] = MutantHold(amount: amount.cents, day: day, state: .pending, remaining: amount.cents)
            pendingTotal += amount.cents
            result = .approved(holdID: id)
        }
        seen[request] = result
        return result
    }

    func capture(_ request: String, _ id: String, _ amount: Amount) throws(CardError) {
        if bug != .noIdempotency, seen[request] != nil { return }
        guard let hold = holds[id] else { throw CardError.unknownHold(id) }
        guard hold.state == .pending else { throw CardError.holdNotPending(id, hold.state) }
        guard amount.cents <= hold.amount else {
            throw CardError.captureExceedsHold(hold: id, held: try Amount(cents: hold.amount), requested: amount)
        }
        posted -= amount.cents
        holds[id]?.state = .captured
        pendingTotal -= bug == .partialCaptureKeepsRest ? amount.cents : hold.amount
        if bug != .settlementRetryRefused { seen[request] = .some(nil) }
    }

    func release(_ request: String, _ id: String) throws(CardError) {
        if bug != .noIdempotency, seen[request] != nil { return }
        guard let hold = holds[id] else { throw CardError.unknownHold(id) }
        if bug == .releasesTwice {
            pendingTotal -= hold.amount
            if hold.state == .pending { holds[id]?.state = .released }
            seen[request] = .some(nil)
            return
        }
        guard hold.state == .pending else { throw CardError.holdNotPending(id, hold.state) }
        pendingTotal -= hold.amount
        holds[id]?.state = .released
        if bug != .settlementRetryRefused { seen[request] = .some(nil) }
    }

    func credit(_ request: String, _ amount: Amount) throws(CardError) {
        if bug != .noIdempotency, seen[request] != nil { return }
        guard status != .closed else { throw CardError.accountClosed }
        posted += amount.cents
        seen[request] = .some(nil)
    }

    func expire(_ day: Int) -> [String] {
        let lifetime = bug == .expiryOffByOneDay ? 8 : 7
        let expired = holds.filter { $0.value.state == .pending && day - $0.value.day >= lifetime }.map(\.key).sorted()
        for id in expired {
            pendingTotal -= holds[id]!.amount
            holds[id]?.state = .expired
        }
        return expired
    }

    func set(_ status: Account.Status) { if self.status != .closed { self.status = status } }

    var snapshot: CardSystem.Snapshot {
        CardSystem.Snapshot(posted: posted, available: available, holds: holds.mapValues(\.state))
    }

    /// The mutant behind the spec's interface.
    static func system(_ bug: Bug) -> CardSystem {
        let account = MutantAccount(bug: bug)
        return CardSystem(
            authorize: { await account.authorize($0, $1, $2) },
            capture: { (request, hold, amount) async throws(CardError) in
                try await account.capture(request, hold, amount)
            },
            release: { (request, hold) async throws(CardError) in try await account.release(request, hold) },
            credit: { (request, amount) async throws(CardError) in try await account.credit(request, amount) },
            expireHolds: { await account.expire($0) },
            setStatus: { await account.set($0) },
            snapshot: { await account.snapshot })
    }
}
