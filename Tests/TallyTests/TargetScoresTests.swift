import Testing

@testable import Tally

@Suite struct TargetScoresTests {
    static let goal = 777_777

    /// Fails within 50 of a point in a range of a million: 100 random cases reach it once in 200 runs.
    static func nearThePoint(targeting: Bool) -> Property {
        Property("near the point\(targeting ? ", targeted" : "")", Gen.int(in: 0...1_000_000)) { n in
            if targeting { target(-Double(abs(n - goal)), label: "closeness") }
            try ensure(abs(n - goal) > 50, "\(n) is within 50 of \(goal)")
        }
    }

    @Test(arguments: UInt64(1)...5)
    func climbingFromTheBestCaseFindsWhatRandomCasesMiss(seed: UInt64) async throws {
        var configuration = PropertyTests.configuration(seed: seed)
        configuration.shrinks = false
        #expect(await Self.nearThePoint(targeting: false).check(configuration).passed)
        let found = await Self.nearThePoint(targeting: true).check(configuration)
        let example = try #require(found.counterexample, "\(found.outcome)")
        #expect(abs(Int(example.value)! - Self.goal) <= 50)
    }

    @Test func aClimbedFailureShrinksAndReplaysFromItsToken() async throws {
        let example = try #require(
            await Self.nearThePoint(targeting: true).check(PropertyTests.configuration()).counterexample)
        #expect(example.value == "777727", "the least value within 50 of the point")
        var replaying = PropertyTests.configuration()
        replaying.replay = example.token
        #expect(await Self.nearThePoint(targeting: true).check(replaying).counterexample?.value == "777727")
    }

    @Test func theBestScoreOfEachLabelIsInTheStatistics() async {
        let scored = Property("scored", Gen.int(in: 0...100)) { n in
            target(Double(n), label: "n")
            target(-Double(n))
        }
        let result = await scored.check(PropertyTests.configuration())
        #expect(result.passed)
        #expect(result.labels.targets == ["n": 100, "": 0])
        #expect(result.labels.table(cases: result.casesRun).contains("best score 100.0 for target n"))
        #expect(
            result.labels.table(cases: result.casesRun).contains("best score -0.0 for target (unlabelled)")
                || result.labels.table(cases: result.casesRun).contains("best score 0.0 for target (unlabelled)"))
    }

    @Test func labelsCountTheSearchsCasesNotTheClimbs() async {
        let scored = Property("scored and labelled", Gen.int(in: 0...1_000)) { n in
            target(Double(n % 7))
            label(n % 2 == 0 ? "even" : "odd")
        }
        let result = await scored.check(PropertyTests.configuration())
        #expect(result.evaluations > result.casesRun, "the climb ran")
        #expect(result.labels.counts["even", default: 0] + result.labels.counts["odd", default: 0] == result.casesRun)
    }

    /// Hypothesis refuses a score that is not finite; so does Tally: the run fails, naming the score and
    /// its label, rather than passing with a climb that could not steer.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aScoreThatIsNotFiniteFailsTheRun(score: Double) async {
        let broken = Property("broken score", Gen.int(in: 0...100)) { n in
            target(n % 2 == 0 ? score : Double(n), label: "n")
        }
        guard case .gaveUp(let reason) = await broken.check(PropertyTests.configuration()).outcome else {
            Issue.record("a score of \(score) passed")
            return
        }
        #expect(reason == "target(_:label:) was given \(score) for \"n\": a score must be a finite number")
    }

    @Test func withoutTargetsNothingIsClimbed() async {
        let plain = Property("plain", Gen.int(in: 0...100)) { _ in }
        let result = await plain.check(PropertyTests.configuration())
        #expect(result.evaluations == result.casesRun)
        #expect(result.labels.targets.isEmpty)
    }
}
