import ClaimsSpec
import Tally
import Testing

/// Each planted arrival bug is caught by its invariant under the default budget and shrinks to the
/// small arrival sequence asserted here.
@Suite struct ArrivalMutantTests {
    /// A planted bug, the property that must catch it, and what it must shrink to.
    struct PlantedBug: Sendable, CustomTestStringConvertible {
        var engine: ClaimsEngine, property: String, shrunk: String, failure: String
        var testDescription: String { "\(engine.name), caught by \(property)" }
    }

    static let plantedBugs = [
        PlantedBug(engine: ArrivalMutants.claimNumberOrder, property: "any arrival order ends as date-of-service order", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; out of network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00
            1. claim c01: ann 2026-01-02 primary care out of network allowed $1.00 from p1
            2. claim c02: ann 2026-01-01 primary care out of network allowed $1.00 from p2
            """, failure: "claim c01: the patient pays $1.00 after the arrivals, $0.00 in date-of-service order"),
        PlantedBug(engine: ArrivalMutants.voidWithoutReadjudication, property: "voiding the last claim restores the year before it", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; out of network: deductible $0.00/$0.00, coinsurance 5%, OOP max $1.00/$2.00
            1. claim c01: ann 2026-01-02 primary care out of network allowed $1.00 from p1
            2. claim c99: ann 2026-01-01 primary care out of network allowed $20.00 from p99
            3. void c99
            """, failure: "claim c01: the patient pays $0.00 after claim c99 and its void, $0.05 before it"),
        // Three claims from this seed's first failure (four seeds in twelve; the others reach two).
        PlantedBug(engine: ArrivalMutants.adjustmentsOfTheMemberOnly, property: "adjustments account for every change", shrunk: """
            plan 2026 family (embedded); in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage
            1. claim c01: ann 2026-01-01 primary care in network allowed $1.00 from p1
            2. claim c02: ben 2026-01-02 primary care in network allowed $1.00 from p2
            3. claim c03: cy 2026-01-01 primary care in network allowed $1.00 from p3
            """, failure: "claims adjusted by claim c03 == claims it changed: got [], expected [\"c02\"]"),
        PlantedBug(engine: ArrivalMutants.duplicatesByIDOnly, property: "nothing is posted twice", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage
            1. claim c01: ann 2026-01-01 primary care in network allowed $0.00 from p1
            2. claim d1: ann 2026-01-01 primary care in network allowed $0.00 from p1
            """, failure: "claim d1 resends claim c01 but was posted"),
    ]

    @Test(arguments: plantedBugs)
    func caughtAndShrunk(_ bug: PlantedBug) async throws {
        let example = try await ClaimsMutantTests.counterexample(bug.engine, bug.property)
        #expect(example.value == bug.shrunk)
        #expect(example.failure.hasPrefix(bug.failure), "\(example.failure)")
    }
}
