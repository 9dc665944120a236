/// A family's plan year: the claims received so far, always adjudicated in date-of-service order.
///
/// Claims arrive in any order. The year's result applies them by date of service from the year's
/// starting accumulators, so it never depends on arrival order (a classic bug is to apply deductibles
/// in processing order). Claims with the same date of service are applied in claim id order, not in
/// order of receipt: then the year is a function of the claims alone, and a late claim, a void or a
/// replacement ends exactly where the same claims received in date order end.
///
/// ``receive(_:)`` takes events as a payer does — claims, voids, replacements — refuses duplicates with
/// a reason, and lists the adjustments a late claim or a correction makes to claims already adjudicated.
/// ``submit(_:)`` and ``reverse(_:)`` are the older, quieter forms: a resend changes nothing, and a
/// reversed claim's id may be used again.
///
/// ```swift
/// var year = PlanYear(plan: plan)
/// year.receive(.claim(mri))
/// let late = year.receive(.claim(checkUp))  // dated before the MRI: the MRI is re-adjudicated
/// late.adjustments                           // the MRI's old and new shares
/// year.receive(.void(checkUp.id))            // as if only the MRI had been received
/// ```
public struct PlanYear: Sendable {
    /// The plan.
    public let plan: Plan
    /// The accumulators at the start of the year (or of the records at hand).
    public let starting: Accumulators
    /// The active claim lines, by id.
    public internal(set) var claims: [String: ClaimLine] = [:]
    /// The ids of claims voided by ``receive(_:)``, which it never takes again.
    public internal(set) var voided: Set<String> = []

    /// An empty plan year.
    public init(plan: Plan, starting: Accumulators = Accumulators()) {
        self.plan = plan
        self.starting = starting
    }

    /// Submits a claim line. The same line again changes nothing; a different line under a used id is refused.
    public mutating func submit(_ line: ClaimLine) throws(ClaimsError) {
        if let existing = claims[line.id] {
            guard existing == line else { throw .conflictingResubmission(line.id) }
            return
        }
        claims[line.id] = line
    }

    /// Reverses a submitted claim: the year is re-adjudicated without it.
    public mutating func reverse(_ id: String) throws(ClaimsError) {
        guard claims.removeValue(forKey: id) != nil else { throw .unknownClaim(id) }
    }

    /// The explanations of benefits in the order applied, and the accumulators after the last.
    public var result: PlanYearResult {
        Self.adjudicate(Array(claims.values), under: plan, from: starting)
    }

    /// Adjudicates `lines` in date-of-service order, ties by claim id.
    public static func adjudicate(_ lines: [ClaimLine], under plan: Plan, from starting: Accumulators = Accumulators())
        -> PlanYearResult
    {
        var accumulators = starting
        var explanations: [ExplanationOfBenefitsLine] = []
        for line in lines.sorted(by: { ($0.date, $0.id) < ($1.date, $1.id) }) {
            let (explanation, next) = Adjudicator.adjudicate(line, under: plan, with: accumulators)
            explanations.append(explanation)
            accumulators = next
        }
        return PlanYearResult(explanations: explanations, accumulators: accumulators)
    }
}

/// The outcome of a plan year: each line's explanation of benefits, and the final accumulators.
public struct PlanYearResult: Hashable, Sendable {
    /// The explanations, in the order the lines were applied.
    public let explanations: [ExplanationOfBenefitsLine]
    /// The accumulators after the last line.
    public let accumulators: Accumulators

    /// A result with these explanations and final accumulators.
    public init(explanations: [ExplanationOfBenefitsLine], accumulators: Accumulators) {
        self.explanations = explanations
        self.accumulators = accumulators
    }

    /// The explanation of claim `id`.
    public func explanation(for id: String) -> ExplanationOfBenefitsLine? {
        explanations.first { $0.line.id == id }
    }
}
