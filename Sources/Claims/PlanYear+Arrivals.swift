extension PlanYear {
    /// Receives one event in arrival order, as a payer does, and says what it did.
    ///
    /// - A claim is posted and the year re-adjudicated in date-of-service order: a claim dated before
    ///   claims already adjudicated changes them, and the receipt lists each change as an ``Adjustment``.
    /// - A void takes the claim back: every accumulator (member and family, deductible, out-of-pocket,
    ///   visits) ends as if it had never been received, and later claims are re-adjudicated.
    /// - A replacement is a void and a new claim in one step: both happen, or neither.
    /// - A duplicate — a claim id already received, or the same service as an active claim under
    ///   another id — is refused with a ``Refusal`` and changes nothing; so are voids of claims never
    ///   received or already voided. A refused event is never posted.
    @discardableResult
    public mutating func receive(_ event: ClaimEvent) -> Receipt {
        let before = result
        if let refusal = refusal(of: event) {
            return Receipt(event: event, refusal: refusal, explanation: nil, adjustments: [], result: before)
        }
        switch event {
        case .claim(let line):
            claims[line.id] = line
        case .void(let id):
            claims[id] = nil
            voided.insert(id)
        case .replace(let id, let line):
            claims[id] = nil
            if line.id != id { voided.insert(id) }
            claims[line.id] = line
        }
        let after = result
        let afterByID = Dictionary(after.explanations.map { ($0.line.id, $0) }, uniquingKeysWith: { first, _ in first })
        let adjustments = before.explanations.compactMap { old -> Adjustment? in
            let new = afterByID[old.line.id]
            return new == old ? nil : Adjustment(before: old, after: new)
        }
        return Receipt(
            event: event, refusal: nil, explanation: event.line.flatMap { afterByID[$0.id] },
            adjustments: adjustments, result: after)
    }

    /// Why `event` cannot be posted, or `nil` when it can.
    func refusal(of event: ClaimEvent) -> Refusal? {
        var replaced: String?
        switch event {
        case .claim:
            break
        case .void(let id), .replace(let id, _):
            if voided.contains(id) { return .alreadyVoided(id) }
            guard claims[id] != nil else { return .unknownClaim(id) }
            replaced = id
        }
        guard let line = event.line else { return nil }
        if line.id != replaced {
            if let existing = claims[line.id] {
                return existing == line ? .duplicateClaim(line.id) : .claimIDInUse(line.id)
            }
            if voided.contains(line.id) { return .claimIDVoided(line.id) }
        }
        let original = claims.values.filter { $0.id != replaced && $0.isSameService(as: line) }.map(\.id).min()
        return original.map { .duplicateService(claim: line.id, of: $0) }
    }
}
