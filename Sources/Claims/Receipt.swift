/// What receiving one event did to a plan year: refused with a reason, or posted with the explanation
/// of the claim it brought and the adjustments to claims adjudicated before.
public struct Receipt: Hashable, Sendable {
    /// The event received.
    public let event: ClaimEvent
    /// Why it was refused; `nil` when it was posted.
    public let refusal: Refusal?
    /// The explanation of the claim the event brought (a claim or a replacement); `nil` for a void or a refusal.
    public let explanation: ExplanationOfBenefitsLine?
    /// Every claim adjudicated before the event whose explanation changed, in the order the year
    /// applies claims (date of service, then claim id); a voided claim's adjustment has no `after`.
    public let adjustments: [Adjustment]
    /// The year after the event.
    public let result: PlanYearResult

    /// A receipt with every part given, as the engine or another system produced it.
    public init(
        event: ClaimEvent, refusal: Refusal?, explanation: ExplanationOfBenefitsLine?, adjustments: [Adjustment],
        result: PlanYearResult
    ) {
        self.event = event
        self.refusal = refusal
        self.explanation = explanation
        self.adjustments = adjustments
        self.result = result
    }

    /// Whether the event was posted.
    public var isPosted: Bool { refusal == nil }
}
