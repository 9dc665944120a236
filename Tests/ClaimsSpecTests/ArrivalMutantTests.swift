import ClaimsSpec
import Tally
import Testing

/// Each planted arrival bug is caught by its invariant under the default budget and shrinks to an
/// arrival sequence of the fewest claims, amounts under a dollar.
@Suite struct ArrivalMutantTests {
    static let plantedBugs = [
        // Two claims out of date order, the earlier-numbered one later: a cent of deductible, or a line
        // whose 5% coinsurance is a cent only when the cap has room, shows it (half of seeds 1 to 30 each,
        // with swarm sites keyed by line as by place: issue 40).
        PlantedBug(
            engine: ArrivalMutants.claimNumberOrder, property: "any arrival order ends as date-of-service order",
            failure: "claim c01: the patient pays $0.01 after the arrivals, $0.00 in date-of-service order",
            claimLines: 2,
            shows: ["claim c01: ann 2026-01-02", "claim c02: ann 2026-01-01"]),
        PlantedBug(
            engine: ArrivalMutants.voidWithoutReadjudication,
            property: "voiding the last claim restores the year before it",
            failure: "claim c01: the patient pays $0.00 after claim c99 and its void, $0.01 before it", claimLines: 2,
            shows: ["void c99"]),
        PlantedBug(
            engine: ArrivalMutants.adjustmentsOfTheMemberOnly, property: "adjustments account for every change",
            failure: "claims adjusted by claim c02 == claims it changed: got [], expected [", claimLines: 2,
            shows: ["family (aggregate)", "claim c02: ben"]),
        PlantedBug(
            engine: ArrivalMutants.duplicatesByIDOnly, property: "nothing is posted twice",
            failure: "claim d1 resends claim c01 but was posted", claimLines: 2),
        PlantedBug(
            engine: ArrivalMutants.duplicatesWithoutAmounts, property: "nothing is posted twice",
            failure: "claim d1 was refused: duplicate: claim d1 is the same service as claim c01", claimLines: 2,
            shows: ["billed $0.01"]),
        PlantedBug(
            engine: ArrivalMutants.duplicatesByNetworkToo, property: "nothing is posted twice",
            failure: "claim d1 resends claim c01 but was posted", claimLines: 2, shows: ["out of network"]),
    ]

    @Test(arguments: plantedBugs)
    func caughtAndShrunk(_ bug: PlantedBug) async throws {
        try await bug.isCaughtAndShrunk()
    }
}
