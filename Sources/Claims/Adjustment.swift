/// How reprocessing changed a claim already adjudicated, as a payer's reprocessing notice shows it:
/// the old and the new explanation, and the difference the member owes or is refunded.
public struct Adjustment: Hashable, Sendable, CustomStringConvertible {
    /// The explanation before the event.
    public let before: ExplanationOfBenefitsLine
    /// The explanation after it; `nil` when the claim was voided or replaced under another id.
    public let after: ExplanationOfBenefitsLine?

    /// An adjustment from `before` to `after`.
    public init(before: ExplanationOfBenefitsLine, after: ExplanationOfBenefitsLine?) {
        self.before = before
        self.after = after
    }

    /// The adjusted claim's id.
    public var claimID: String { before.line.id }

    /// What the member owes in addition, in cents; negative for a refund.
    public var patientDifference: Int { (after?.patientPays.cents ?? 0) - before.patientPays.cents }

    /// What the plan pays in addition, in cents; negative when it takes back a payment.
    public var planDifference: Int { (after?.planPays.cents ?? 0) - before.planPays.cents }

    /// `c2: $300.00 -> $60.00, refund $240.00`; a voided claim reads `c1: $560.00 -> void, refund $560.00`.
    public var description: String {
        let new = after.map(\.patientPays.description) ?? "void"
        let difference = patientDifference
        let owed =
            difference == 0
            ? "no difference"
            : difference > 0 ? "owes \(Money(unchecked: difference))" : "refund \(Money(unchecked: -difference))"
        return "\(claimID): \(before.patientPays) -> \(new), \(owed)"
    }
}
