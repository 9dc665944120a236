import Testing

@testable import Tally

@Suite struct CoverageConfidenceTests {
    static func labels(_ carried: Int, required: Double) -> LabelCounts {
        LabelCounts(counts: ["x": carried], required: ["x": required])
    }

    @Test func aShareFarAboveOrBelowItsRequirementIsDecidedAtOnce() {
        #expect(CoverageConfidence.verdict(Self.labels(50, required: 10), cases: 100) == .met)
        guard case .missed(let missed) = CoverageConfidence.verdict(Self.labels(0, required: 5), cases: 1_000) else {
            Issue.record("0 of 1,000 cases cannot meet 5%")
            return
        }
        #expect(missed == [CoverageShortfall(label: "x", percent: 0, required: 5)])
    }

    @Test func aShareNearItsRequirementIsUndecidedUntilTheCasesCanTell() {
        #expect(CoverageConfidence.verdict(Self.labels(6, required: 5), cases: 100) == .undecided)
        #expect(CoverageConfidence.verdict(Self.labels(4, required: 5), cases: 100) == .undecided)
        #expect(CoverageConfidence.verdict(Self.labels(800, required: 5), cases: 10_000) == .met)
        #expect(CoverageConfidence.verdict(Self.labels(200, required: 5), cases: 10_000) != .met)
    }

    @Test func wilsonBoundsHoldTheObservedShare() {
        for (carried, cases) in [(0, 10), (3, 100), (50, 100), (100, 100)] {
            let (low, high) = CoverageConfidence.wilsonInterval(carried, of: cases)
            let share = Double(carried) / Double(cases)
            #expect(0 <= low && low <= share + 1e-12 && share <= high + 1e-12 && high <= 1)
        }
    }

    /// About 6.5% of cases carry the label (eight values in a hundred, less the boundary cases, whose
    /// favored ends carry none: three draws in sixteen): a hundred cannot tell that from 5%, so the run
    /// grows instead of passing or failing by the luck of its first hundred, and 2,000 can. (Not
    /// `n % 100 < 8`: the ends and zero that boundary cases favor would carry it.)
    @Test func aRunGrowsWhileItsCoverageIsUndecidedAndCountsEveryCase() async {
        let near = Property("near its requirement", Gen.int(in: 0...999)) { n in
            cover(5, (50..<58).contains(n % 100), "eight in a hundred")
            label(n % 2 == 0 ? "even" : "odd")
        }
        let result = await near.check(PropertyTests.configuration())
        #expect(result.passed)
        #expect(result.casesRun > 100 && result.casesRun <= 2_000)
        #expect(result.labels.counts["even", default: 0] + result.labels.counts["odd", default: 0] == result.casesRun)
    }

    @Test func aFailureInALaterRoundIsReportedLikeAnyOther() async throws {
        let rare = Property("fails late", Gen.int(in: 0...99_999)) { n in
            cover(5, n % 50 == 37, "two in a hundred")
            try ensure(n % 211 != 3, "n is not 3 past a multiple of 211")
        }
        var configuration = PropertyTests.configuration(seed: 2)
        configuration.iterations = 50
        let result = await rare.check(configuration)
        let example = try #require(
            result.counterexample, "the failure found after the budget was lost: \(result.outcome)")
        #expect(result.casesRun > 50)
        #expect(Int(example.value).map { $0 % 211 } == 3)
    }

    @Test func aShareClearlyBelowItsRequirementStillFails() async {
        let rare = Property("too rare", Gen.int(in: 0...999)) { n in cover(5, n % 100 == 37, "one in a hundred") }
        guard case .gaveUp(let reason) = await rare.check(PropertyTests.configuration()).outcome else {
            Issue.record("expected a coverage miss")
            return
        }
        #expect(reason.hasPrefix("coverage: \"one in a hundred\" was reached in "))
    }
}
