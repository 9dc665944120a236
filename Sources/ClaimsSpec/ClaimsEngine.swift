import Claims

/// The claims engine as the spec sees it: a struct of closures, so a test can swap in a mutant
/// (an engine with a planted bug) and show that the properties catch it.
public struct ClaimsEngine: Sendable {
    /// One event of a plan year, in arrival order.
    public enum Event: Hashable, Sendable {
        /// A claim line arrives.
        case submit(ClaimLine)
        /// A claim is reversed.
        case reverse(claimID: String)
    }

    /// The engine's name, for messages.
    public var name: String
    /// Adjudicates one line against accumulators.
    public var adjudicate:
        @Sendable (ClaimLine, Plan, Accumulators) -> (
            explanation: ExplanationOfBenefitsLine, accumulators: Accumulators
        )
    /// Applies a plan year's events, in arrival order, and returns the year's result; throws what the
    /// engine refused. The properties send only events a correct engine accepts (an identical
    /// resubmission, the reversal of a submitted claim), so a refusal fails them.
    public var run: @Sendable (Plan, [Event]) throws(ClaimsError) -> PlanYearResult
    /// Receives a plan year's claims, voids and replacements in arrival order, from an empty year, and
    /// returns one receipt per event (``PlanYear/receive(_:)``).
    public var receive: @Sendable (Plan, [ClaimEvent]) -> [Receipt]

    /// An engine built from its operations; without `receive`, the production one.
    public init(
        name: String,
        adjudicate:
            @escaping @Sendable (ClaimLine, Plan, Accumulators) -> (
                explanation: ExplanationOfBenefitsLine, accumulators: Accumulators
            ),
        run: @escaping @Sendable (Plan, [Event]) throws(ClaimsError) -> PlanYearResult,
        receive: @escaping @Sendable (Plan, [ClaimEvent]) -> [Receipt] = ClaimsEngine.receiveInPlanYear
    ) {
        self.name = name
        self.adjudicate = adjudicate
        self.run = run
        self.receive = receive
    }

    /// The production ``receive``: every event through one ``PlanYear``.
    @Sendable public static func receiveInPlanYear(_ plan: Plan, _ events: [ClaimEvent]) -> [Receipt] {
        var year = PlanYear(plan: plan)
        return events.map { year.receive($0) }
    }

    /// The production engine: ``Adjudicator`` and ``PlanYear``.
    public static let production = ClaimsEngine(
        name: "production",
        adjudicate: { line, plan, accumulators in Adjudicator.adjudicate(line, under: plan, with: accumulators) },
        run: { (plan, events) throws(ClaimsError) in
            var year = PlanYear(plan: plan)
            for event in events {
                switch event {
                case .submit(let line): try year.submit(line)
                case .reverse(let id): try year.reverse(id)
                }
            }
            return year.result
        })
}
