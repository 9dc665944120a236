import Claims
import Tally
import TallyTables

/// The executable requirements of the claims engine: its invariants and its requirement tables.
public enum ClaimsSpec {
    /// Every invariant, checked against `engine` (the production engine unless a test plants a bug).
    public static func properties(for engine: ClaimsEngine = .production) -> [Property] {
        LineProperties.all(engine) + YearProperties.all(engine) + ArrivalProperties.all(engine) + CalendarProperties.all
            + RateProperties.all
    }

    /// The invariants of the production engine, for `tally check`, `swift test` and the nightly fuzz.
    public static let suite = PropertySuite("claims", properties: properties())

    /// The table shapes under `Tables/claims/`.
    public static let tables = TableSuite(
        "claims",
        tables: [
            PlansTable.setup.spec, VisitsTable.spec, VisitsTable.planVisits, PlanYearsTable.spec, PlanLimitsTable.spec,
            CorrectionsTable.spec, CoverageExamplesTable.spec,
        ])
}
