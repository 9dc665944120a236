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
}
