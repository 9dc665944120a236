import CardAuthorization
import CardAuthorizationSpec

/// A card service shaped like the real one — risk check and ledger awaited, requests remembered by id —
/// with one planted concurrency bug at a time: each passes every sequential test and must be caught by
/// the concurrent machine.
actor ConcurrencyMutant {
    enum Bug: String, CaseIterable, Sendable {
        /// Reads the available balance before awaiting the risk check and places the hold after it.
        case readsBalanceBeforeAwait = "reads the balance before the await, holds after it"
        /// Checks that a hold is pending, awaits the ledger write, then settles it.
        case settlesAfterLedgerWrite = "settles a hold after the ledger write"
        /// Remembers a request only once it is answered: a retry that arrives meanwhile runs again.
        case forgetsRequestsInFlight = "forgets requests in flight"
    }

    let bug: Bug
    let doubles: CardDoubles
    private var posted = CardAuthorizationSpec.concurrentOpeningBalance
    private var holds: [(amount: Int, state: HoldState)] = []
    private var answered: [String: (request: String, answer: CardAnswer)] = [:]
    private var inFlight: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(bug: Bug, doubles: CardDoubles) {
        self.bug = bug
        self.doubles = doubles
    }

    private var available: Int { posted - holds.filter { $0.state == .pending }.map(\.amount).reduce(0, +) }

    func authorize(_ id: String, _ amount: Amount) async -> CardAnswer {
        await once(id, "authorize \(amount)") {
            let readBeforeAwait = self.available
            guard await self.doubles.risk.assess(id, amount) == .approve else { return .declined(.riskDeclined) }
            let available = self.bug == .readsBalanceBeforeAwait ? readBeforeAwait : self.available
            guard amount.cents <= available else { return .declined(.insufficientFunds) }
            self.holds.append((amount.cents, .pending))
            let hold = "h\(self.holds.count)"
            await self.doubles.ledger.write(.hold(hold, amount))
            return .approved(hold: hold)
        }
    }

    func capture(_ id: String, _ hold: String, _ amount: Amount) async -> CardAnswer {
        await once(id, "capture \(hold) \(amount)") {
            guard let index = self.pending(hold) else { return self.refusal(hold) }
            guard amount.cents <= self.holds[index].amount else {
                return .refused(
                    .captureExceedsHold(
                        hold: hold, held: try! Amount(cents: self.holds[index].amount), requested: amount))
            }
            await self.settle(index, as: .captured, writing: .capture(hold, amount)) { self.posted -= amount.cents }
            return .done
        }
    }

    func release(_ id: String, _ hold: String) async -> CardAnswer {
        await once(id, "release \(hold)") {
            guard let index = self.pending(hold) else { return self.refusal(hold) }
            await self.settle(index, as: .released, writing: .release(hold)) {}
            return .done
        }
    }

    func credit(_ id: String, _ amount: Amount) async -> CardAnswer {
        await once(id, "credit \(amount)") {
            self.posted += amount.cents
            await self.doubles.ledger.write(.credit(amount))
            return .done
        }
    }

    var snapshot: CardSystem.Snapshot {
        CardSystem.Snapshot(
            posted: posted, available: available,
            holds: Dictionary(uniqueKeysWithValues: holds.enumerated().map { ("h\($0.offset + 1)", $0.element.state) }))
    }

    private func settle(_ index: Int, as state: HoldState, writing entry: LedgerEntry, _ change: () -> Void) async {
        if bug == .settlesAfterLedgerWrite { await doubles.ledger.write(entry) }
        holds[index].state = state
        change()
        if bug != .settlesAfterLedgerWrite { await doubles.ledger.write(entry) }
    }

    private func pending(_ hold: String) -> Int? {
        guard let number = Int(hold.dropFirst()), holds.indices.contains(number - 1),
            holds[number - 1].state == .pending
        else { return nil }
        return number - 1
    }

    private func refusal(_ hold: String) -> CardAnswer {
        guard let number = Int(hold.dropFirst()), holds.indices.contains(number - 1) else {
            return .refused(.unknownHold(hold))
        }
        return .refused(.holdNotPending(hold, holds[number - 1].state))
    }

    private func once(_ id: String, _ request: String, _ work: () async -> CardAnswer) async -> CardAnswer {
        while bug != .forgetsRequestsInFlight, inFlight[id] != nil {
            await withCheckedContinuation { inFlight[id]?.append($0) }
        }
        if let earlier = answered[id] {
            return earlier.request == request ? earlier.answer : .refused(.conflictingRequest(id))
        }
        inFlight[id] = []
        let answer = await work()
        if case .refused = answer {} else { answered[id] = (request, answer) }
        inFlight.removeValue(forKey: id)?.forEach { $0.resume() }
        return answer
    }

    /// The mutant behind the spec's interface.
    static func system(_ bug: Bug) -> @Sendable (CardDoubles) -> CardSystem {
        { doubles in
            let mutant = ConcurrencyMutant(bug: bug, doubles: doubles)
            return CardSystem(
                authorize: { (id, amount, _) async throws(CardError) in
                    switch await mutant.authorize(id, amount) {
                    case .approved(let hold): return .approved(holdID: hold)
                    case .declined(let reason): return .declined(reason)
                    case .refused(let error): throw error
                    case .done: return .declined(.accountClosed)
                    }
                },
                capture: { (id, hold, amount) async throws(CardError) in
                    try done(await mutant.capture(id, hold, amount))
                },
                release: { (id, hold) async throws(CardError) in try done(await mutant.release(id, hold)) },
                credit: { (id, amount) async throws(CardError) in try done(await mutant.credit(id, amount)) },
                expireHolds: { _ in [] },
                setStatus: { _ in },
                snapshot: { await mutant.snapshot })
        }
    }
}

private func done(_ answer: CardAnswer) throws(CardError) {
    if case .refused(let error) = answer { throw error }
}
