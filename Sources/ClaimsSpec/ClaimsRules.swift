import Claims

/// Rules of adjudication the invariants restate on their own rather than ask the engine, so that an
/// engine breaking them is caught by the invariants too.
enum ClaimsRules {
    /// The network a line is adjudicated in: emergency care counts as in network wherever it is given
    /// (ACA §2719A; the No Surprises Act forbids balance billing it); every other line, its own.
    static func network(of line: ClaimLine) -> Network {
        line.category == .emergencyRoom ? .inNetwork : line.network
    }

    /// The billed charge above the allowed amount the patient owes on a covered line: out of network
    /// only, and never for emergency care.
    static func balanceBill(_ line: ClaimLine) -> Int {
        network(of: line) == .outOfNetwork ? line.billed.cents - line.allowed.cents : 0
    }

    /// Whether `line` resends `earlier`: the same claim id, or the same service (member, date, provider,
    /// category and amounts) under another id. Not the network: payers match exact duplicates on what
    /// the provider sends (member, provider, date, service, charge), and the network is the provider's
    /// contract, which a resend marked otherwise does not change.
    static func isResend(_ line: ClaimLine, of earlier: ClaimLine) -> Bool {
        line.id == earlier.id
            || (line.member, line.date, line.provider, line.category) == (
                earlier.member, earlier.date, earlier.provider, earlier.category
            )
                && (line.billed, line.allowed) == (earlier.billed, earlier.allowed)
    }

    /// `accumulators` without the entries at zero: a member with nothing accumulated and a member never
    /// seen are the same.
    static func opened(_ accumulators: Accumulators) -> Accumulators {
        var opened = Accumulators()
        for (member, tiers) in accumulators.members {
            let nonzero = tiers.filter { $0.value != TierAccumulator() }
            if !nonzero.isEmpty { opened.members[member] = nonzero }
        }
        opened.family = accumulators.family.filter { $0.value != TierAccumulator() }
        for (member, visits) in accumulators.visits {
            let nonzero = visits.filter { $0.value != 0 }
            if !nonzero.isEmpty { opened.visits[member] = nonzero }
        }
        return opened
    }
}
