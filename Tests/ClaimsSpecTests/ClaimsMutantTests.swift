import ClaimsSpec
import Tally
import Testing

/// Each planted bug is caught by an invariant under the default budget (100 cases, the property's own
/// seed) and shrinks to the small counterexample asserted here.
@Suite struct ClaimsMutantTests {
    /// The counterexample `property` finds against `engine`, with saving turned off.
    static func counterexample(_ engine: ClaimsEngine, _ property: String) async throws -> Counterexample {
        let found = try #require(ClaimsSpec.properties(for: engine).first { $0.id == property }, "no property named \(property)")
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let result = await found.check(configuration)
        return try #require(result.counterexample, "\(property) did not catch \(engine.name)")
    }

    /// Planted bugs each caught by the property named and shrunk to the case asserted, compared whole.
    static let plantedBugs = [
        PlantedBug(engine: ClaimsMutants.copayNotCapped, property: "a copay never exceeds the allowed amount", shrunk: """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage; primary care: $1.00 copay
            ann in: deductible met $0.00, OOP spent $0.00
            claim c01: ann 2026-01-01 primary care in network allowed $0.00
            """, failure: "copay $1.00 ≤ allowed $0.00"),
        PlantedBug(engine: ClaimsMutants.copayAfterDeductibleOverCap, property: "no amount is ever negative", shrunk: """
            plan 2026 self-only; in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage; primary care: $1.00 copay after deductible
            ann in: deductible met $0.00, OOP spent $0.00
            claim c01: ann 2026-01-01 primary care in network allowed $1.00
            """, failure: "every amount on the explanation of benefits is ≥ 0: [100, 100, 0, -100, 0, 0]"),
        PlantedBug(engine: ClaimsMutants.paidInFullPastTheRoom, property: "raising the allowed amount never lowers a share", shrunk: """
            (
              plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 5%, OOP max $1.00/$2.00; no out-of-network coverage
              ann in: deductible met $0.00, OOP spent $0.00
              claim c01: ann 2026-01-01 primary care in network allowed $1.00,
              100
            )
            """, failure: "patient's cost sharing: $0.05 at allowed $1.00, $0.00 at $2.00"),
        PlantedBug(engine: ClaimsMutants.adjudicatedInArrivalOrder, property: "arrival order does not change the year", shrunk: """
            (
              plan 2026 self-only; in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage
              claim c01: ann 2026-01-01 primary care in network allowed $1.00
              claim c02: ann 2026-01-01 primary care in network allowed $1.00,
              0
            )
            """, failure: "patient pays for claim c01 in two arrival orders: got $0.00, expected $1.00"),
    ]

    @Test(arguments: plantedBugs)
    func caughtAndShrunk(_ bug: PlantedBug) async throws {
        try await bug.isCaughtAndShrunk()
    }

    @Test func storyCopayPathSkipsTheOutOfPocketAccrual() async throws {
        let example = try await Self.counterexample(ClaimsMutants.storyCopayPath, "only cost sharing accrues toward the limits")
        #expect(example.value == """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage; primary care: $1.00 copay
            claim c01: ann 2026-01-01 primary care in network allowed $1.00
            """)
        #expect(example.failure.hasPrefix("ann's in-network out-of-pocket accumulator == the cost sharing of their covered lines (cents): got 0, expected 100"))
    }

    @Test func ignoredExclusionsAreCaught() async throws {
        let example = try await Self.counterexample(ClaimsMutants.exclusionsIgnored, "excluded and over-limit lines are not covered and accrue nothing")
        #expect(example.value.hasSuffix("excludes primary care\nann in: deductible met $0.00, OOP spent $0.00\nclaim c01: ann 2026-01-01 primary care in network allowed $0.00"))
        #expect(example.failure.hasPrefix("claim c01 (primary care, in) must not be covered"))
    }

    @Test func floatingPointMoneyLosesCents() async throws {
        let example = try await Self.counterexample(ClaimsMutants.floatingPointMoney, "insurer plus patient equals allowed")
        #expect(example.value.hasSuffix("claim c01: ann 2026-01-01 primary care in network allowed $1.00"))
        #expect(example.value.contains("in network: deductible $0.00/$0.00, coinsurance 5%"))
        #expect(example.failure.hasPrefix("cost sharing + plan pays == allowed (cents): got 95, expected 100"))
    }

    @Test func outOfPocketCapOffByOneCent() async throws {
        let example = try await Self.counterexample(ClaimsMutants.capOffByOneCent, "cost sharing stays within the out-of-pocket maximum")
        #expect(example.value == """
            plan 2026 self-only; in network: deductible $1.00/$2.00, coinsurance 5%, OOP max $1.00/$2.00; no out-of-network coverage
            claim c01: ann 2026-01-01 primary care in network allowed $1.00
            claim c02: ann 2026-01-01 primary care in network allowed $1.00
            """)
        #expect(example.failure.hasPrefix("ann's in-network cost sharing $1.01 exceeds the cap $1.00"))
    }

    @Test func deductibleResetEachQuarter() async throws {
        let example = try await Self.counterexample(ClaimsMutants.deductibleResetEachQuarter, "with one cost sharing, the order of dates changes totals only by rounding")
        // Three lines, the fewest: $0.00 in January, $1.00 in April, $1.00 in January, against a $1.00
        // deductible; rotated one place, both dollars fall in January and the deductible is met once.
        #expect(example.value.components(separatedBy: "ClaimLine(").count == 4, "\(example.value)")
        #expect(example.value.contains("individualDeductible: $1.00"))
        #expect(example.value.contains("date: 2026-04-01"))
        #expect(example.failure.hasPrefix("patient's year total $2.00 vs $1.00 with the dates moved"), "\(example.failure)")
    }

    @Test func familyAccumulatorsNotShared() async throws {
        let example = try await Self.counterexample(ClaimsMutants.familyNotShared, "cost sharing stays within the out-of-pocket maximum")
        #expect(example.value == """
            plan 2026 family (embedded); in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage
            claim c01: ann 2026-01-01 primary care in network allowed $1.00
            claim c02: ben 2026-01-01 primary care in network allowed $1.00
            claim c03: cy 2026-01-01 primary care in network allowed $1.00
            """)
        #expect(example.failure.hasPrefix("the family's in-network cost sharing $3.00 exceeds $2.00"))
    }

    /// `tally fuzz` searches without shrinking and shrinks what it finds itself: it must reach what
    /// `swift test` reaches. Before, it shrank with spans it could not tell apart, and kept an unused
    /// out-of-network tier in this counterexample.
    @Test func aFuzzFindingShrinksToWhatSwiftTestFinds() async throws {
        let engine = ClaimsMutants.familyNotShared, name = "cost sharing stays within the out-of-pocket maximum"
        let property = try #require(ClaimsSpec.properties(for: engine).first { $0.id == name })
        var searching = RunConfiguration()
        searching.exampleDirectory = nil
        searching.shrinks = false
        let found = try #require(await property.check(searching).counterexample)
        let shrunk = try #require(await property.shrink(found.token.choices, configuration: RunConfiguration()))
        #expect(property.describe(shrunk.best) == (try await Self.counterexample(engine, name)).value)
    }

    @Test func coinsuranceBeforeTheDeductible() async throws {
        let example = try await Self.counterexample(ClaimsMutants.coinsuranceBeforeDeductible, "coinsurance applies only after the deductible")
        #expect(example.value.hasSuffix("claim c01: ann 2026-01-01 primary care in network allowed $1.00"))
        #expect(example.value.contains("in network: deductible $1.00/$2.00, coinsurance 5%"))
        #expect(example.failure.hasPrefix("coinsurance == rate × (allowed − deductible share): got $0.05, expected $0.00"))
    }

    @Test func reversalThatKeepsTheVisitCount() async throws {
        let example = try await Self.counterexample(ClaimsMutants.reversalKeepsVisits, "reversing a claim restores the accumulators")
        #expect(example.value.contains("id: \"c99\""))
        #expect(example.value.contains("allowed: $0.00"))
        #expect(example.failure.hasPrefix("accumulators after submitting and reversing claim c99: got Accumulators(members: [:], family: [:], visits: [\"ann\": [primary care: 1]])"))
    }

    @Test func aRetryTheEngineRefusesIsCaught() async throws {
        let example = try await Self.counterexample(ClaimsMutants.retryRefused, "reversing a claim restores the accumulators")
        #expect(example.value.hasPrefix("(\n  plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage\n  claim c01: ann 2026-01-01 primary care in network allowed $0.00,\n"))
        #expect(example.failure == "threw claim id c01 was already used for a different claim line")
    }
}
