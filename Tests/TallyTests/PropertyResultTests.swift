import Testing

@testable import Tally

/// A failure carries the typed counterexample and what finding and shrinking it cost.
@Suite struct PropertyResultTests {
    struct Visit: Sendable, Equatable {
        var allowedCents: Int
        var copayCents: Int
    }

    static let visits = Gen.zip(Gen.int(in: 0...50_000), Gen.int(in: 0...5_000)).map {
        Visit(allowedCents: $0, copayCents: $1)
    }

    static func configuration() -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.seed = 5
        configuration.exampleDirectory = nil
        return configuration
    }

    @Test func theCounterexampleIsAvailableWithItsType() async throws {
        let property = Property("copay within allowed", Self.visits) { visit in
            try ensure(visit.copayCents <= visit.allowedCents, "the copay never exceeds the allowed amount")
        }
        let example = try #require(await property.check(Self.configuration()).counterexample)
        #expect(example.value(as: Visit.self) == Visit(allowedCents: 0, copayCents: 1))
        #expect(example.value(as: Int.self) == nil)
        #expect(example.value == "Visit(allowedCents: 0, copayCents: 1)")
    }

    @Test func theResultCountsEvaluationsAndTimes() async throws {
        let property = Property("small", Gen.int(in: 0...1_000_000)) { n in try ensure(n < 1000, "n < 1000") }
        let result = await property.check(Self.configuration())
        let example = try #require(result.counterexample)
        #expect(example.shrinkSteps > 0)
        #expect(
            result.evaluations == result.casesRun + example.shrinkAttempts, "the search's cases, then the shrinker's")
        #expect(result.searchDuration <= result.duration && example.shrinkDuration <= result.duration)
        let report = try #require(result.failureReport(replayCommand: "swift test"))
        #expect(report.contains("Evaluations: \(result.evaluations)   Search: "))
        #expect(report.contains("   Shrink: \(example.shrinkDuration.milliseconds) ms"))
    }

    @Test func aReplayedTokenCostsOneEvaluationAndItsReport() async throws {
        let property = Property("small", Gen.int(in: 0...1_000_000)) { n in try ensure(n < 1000, "n < 1000") }
        let found = try #require(await property.check(Self.configuration()).counterexample)
        var configuration = Self.configuration()
        configuration.replay = found.token
        let replayed = await property.check(configuration)
        #expect(replayed.evaluations == 2, "the replay, then the report's own")
        #expect(replayed.counterexample?.value(as: Int.self) == 1000)
    }
}
