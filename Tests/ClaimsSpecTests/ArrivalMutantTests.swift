import ClaimsSpec
import Tally
import Testing

/// Each planted arrival bug is caught by its invariant under the default budget and shrinks to the
/// small arrival sequence asserted here.
@Suite struct ArrivalMutantTests {
    static let plantedBugs = [
        PlantedBug(engine: ArrivalMutants.claimNumberOrder, property: "any arrival order ends as date-of-service order", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 5%, OOP max $1.00/$2.00; no out-of-network coverage
            1. claim c01: ann 2026-01-02 primary care in network allowed $1.00 from p1
            2. claim c02: ann 2026-01-01 primary care in network allowed $20.00 from p2
            """, failure: "claim c01: the patient pays $0.05 after the arrivals, $0.00 in date-of-service order"),
        PlantedBug(engine: ArrivalMutants.voidWithoutReadjudication, property: "voiding the last claim restores the year before it", shrunk: """
            plan 2026 self-only; in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage
            1. claim c01: ann 2026-01-02 primary care in network allowed $1.00 from p1
            2. claim c99: ann 2026-01-01 primary care in network allowed $1.00 from p99
            3. void c99
            """, failure: "claim c01: the patient pays $0.00 after claim c99 and its void, $1.00 before it"),
        // Three steps from this seed's first failure (one seed in twelve; the others reach two claims, or
        // three): a replacement does not fold into the claim it replaces.
        PlantedBug(engine: ArrivalMutants.adjustmentsOfTheMemberOnly, property: "adjustments account for every change", shrunk: """
            plan 2026 family (aggregate); in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $2.00/$4.00; no out-of-network coverage
            1. claim c01: ann 2026-01-01 primary care in network allowed $0.00 from p1
            2. replace c01 with claim r01: ann 2026-01-01 primary care in network allowed $2.00 from p1
            3. claim c02: ben 2026-01-01 primary care in network allowed $1.00 from p2
            """, failure: "claims adjusted by claim c02 == claims it changed: got [], expected [\"r01\"]"),
        PlantedBug(engine: ArrivalMutants.duplicatesByIDOnly, property: "nothing is posted twice", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage
            1. claim c01: ann 2026-01-01 primary care in network allowed $0.00 from p1
            2. claim d1: ann 2026-01-01 primary care in network allowed $0.00 from p1
            """, failure: "claim d1 resends claim c01 but was posted"),
    ]

    @Test(arguments: plantedBugs)
    func caughtAndShrunk(_ bug: PlantedBug) async throws {
        try await bug.isCaughtAndShrunk()
    }
}
