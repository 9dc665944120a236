import Foundation
import Testing

@testable import Tally

@Suite struct PropertyTests {
    static func configuration(seed: UInt64 = 11) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.seed = seed
        configuration.exampleDirectory = nil
        return configuration
    }

    static let overFiveHundred = Property("over five hundred", Gen.int(in: 0...10_000)) { n in
        try ensure(n < 500, "n < 500")
    }

    @Test func checkReturnsAResultValueWithCountsAndToken() async throws {
        let result = await Self.overFiveHundred.check(Self.configuration())
        let example = try #require(result.counterexample)
        #expect(example.value == "500")
        #expect(example.failure.hasPrefix("n < 500 (TallyTests/PropertyTests.swift:"))
        #expect(example.shrinkSteps > 0 && example.shrinkAttempts >= example.shrinkSteps)
        #expect(example.reproduced)
        #expect(example.origin == .search)
        #expect(result.casesRun >= 1 && result.casesRun <= 100)
        #expect(example.token.belongs(to: "over five hundred"))
    }

    @Test func replayTokenRerunsTheExactCaseWithoutSearching() async throws {
        let found = try #require(await Self.overFiveHundred.check(Self.configuration()).counterexample)
        var configuration = Self.configuration(seed: 999)
        configuration.replay = try ReplayToken(parsing: found.token.description)
        let replayed = await Self.overFiveHundred.check(configuration)
        let example = try #require(replayed.counterexample)
        #expect(example.value == "500")
        #expect(example.origin == .replay)
        #expect(replayed.casesRun == 1)
        #expect(example.shrinkAttempts == 0)
    }

    @Test func runsAreDeterministicForASeed() async {
        let first = await Self.overFiveHundred.check(Self.configuration(seed: 5))
        let second = await Self.overFiveHundred.check(Self.configuration(seed: 5))
        #expect(first.counterexample?.token == second.counterexample?.token)
        #expect(first.casesRun == second.casesRun)
        #expect(first.counterexample?.originalValue == second.counterexample?.originalValue)
    }

    @Test func defaultSeedDerivesFromTheIdentity() async {
        var configuration = Self.configuration()
        configuration.seed = nil
        let result = await Self.overFiveHundred.check(configuration)
        #expect(result.seed == StableHash.of("over five hundred"))
    }

    /// The message names the limit that ended the run, and each of its numbers is true: before, it said
    /// "gave up after discarding 1001 cases for 0 valid ones: filter … rejected 100 values in a row",
    /// which read as 100 values rejected in all, and as a limit per valid case.
    @Test func tooManyDiscardsGivesUpNamingTheFilterAndTheLimit() async {
        let line = #line + 1
        let property = Property("never", Gen.int(in: 0...10).filter("impossible") { $0 > 10 }) { _ in }
        let result = await property.check(Self.configuration())
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the run to give up, got \(result.outcome)")
            return
        }
        #expect(
            reason
                == "gave up after discarding 1001 cases, more than the 1000 allowed (10 for each of the 100 cases "
                + "asked for), with 0 valid; "
                + "the last one: filter \"impossible\" at TallyTests/PropertyTests.swift:\(line) "
                + "rejected 100 values in a row, as many as it tries for one case"
        )
        #expect(result.casesDiscarded == 1001 && result.casesRun == 0)
    }

    /// With some valid cases, and another number of cases asked for, the numbers are the run's own.
    @Test func theDiscardMessagesNumbersAreTheRunsOwn() async throws {
        let rare = Property("rare", Gen.int(in: 0...999_999).filter("ends in 777") { $0 % 1000 == 777 }) { _ in }
        var configuration = Self.configuration()
        configuration.iterations = 40
        let result = await rare.check(configuration)
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the run to give up, got \(result.outcome)")
            return
        }
        #expect(result.casesDiscarded == 401 && result.casesRun > 0 && result.casesRun < 40)
        #expect(
            reason.hasPrefix(
                "gave up after discarding 401 cases, more than the 400 allowed (10 for each of "
                    + "the 40 cases asked for), "
                    + "with \(result.casesRun) valid; the last one: filter \"ends in 777\""), "\(reason)")
    }

    @Test func missedCoverageFailsTheProperty() async {
        let rare = Property("rare", Gen.int(in: 0...1000)) { n in
            cover(40, n == 1000, "maximum")
        }
        let result = await rare.check(Self.configuration())
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected missed coverage, got \(result.outcome)")
            return
        }
        #expect(reason.hasPrefix("coverage: \"maximum\" was reached in "))
        #expect(reason.hasSuffix("the property requires at least 40.0%"))

        let common = Property("common", Gen.int(in: 0...1000)) { n in
            cover(5, n == 0 || n == 1000, "an end")
            label(n % 2 == 0 ? "even" : "odd")
        }
        let passing = await common.check(Self.configuration())
        #expect(passing.passed)
        #expect(
            passing.labels.counts["even", default: 0] + passing.labels.counts["odd", default: 0] == passing.casesRun)
        #expect(passing.labels.table(cases: passing.casesRun).contains("needs ≥ 5.0%"))
    }

    @Test func flakyPropertiesAreReported() async throws {
        let calls = LockedCounter()
        let flaky = Property("flaky", Gen.int(in: 0...10)) { _ in
            try ensure(calls.next() % 2 == 1, "odd call")
        }
        let result = await flaky.check(Self.configuration())
        let example = try #require(result.counterexample)
        #expect(!example.reproduced)
        let report = try #require(result.failureReport(replayCommand: "x"))
        #expect(report.contains("the property is flaky"))
    }

    @Test func failureReportPutsTheShrunkValueFirstAndEndsWithTheReplayLine() async throws {
        let result = await Self.overFiveHundred.check(Self.configuration())
        let report = try #require(result.failureReport(replayCommand: "swift test --filter demo"))
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("Property over five hundred failed after "))
        #expect(lines[2].hasPrefix("Counterexample (shrunk in "))
        #expect(lines[3] == "  500")
        #expect(lines.last?.hasPrefix("Replay: TALLY_REPLAY=") == true)
        #expect(lines.last?.hasSuffix(" swift test --filter demo") == true)
    }

    @Test func oneShrinkStepIsOneStep() async throws {
        // 5 and 6 fail; a run whose first failure is 6 takes one step down to 5.
        let small = Property("small", Gen.int(in: 5...6)) { n in try ensure(n < 5, "n < 5") }
        var singular: String?
        for seed in UInt64(1)...40 where singular == nil {
            let result = await small.check(Self.configuration(seed: seed))
            if result.counterexample?.shrinkSteps == 1 { singular = result.failureReport(replayCommand: "x") }
        }
        #expect(try #require(singular).contains("Counterexample (shrunk in 1 step, "))
    }

    /// `tally promote` asks which table a property promotes into before its case is made, in a child,
    /// for a generator may trap: the table must be known without running the generator.
    @Test func thePromotionTableIsKnownWithoutMakingAValue() {
        let made = LockedCounter()
        let property = Property(
            "promotes",
            Gen.int(in: 0...9).map { n in
                _ = made.next(); return n
            },
            promotion: RowPromotion(table: "toy/charges") { n in ["charge": "\(n)"] }
        ) { _ in }
        #expect(property.promotionTable == "toy/charges")
        #expect(made.next() == 1, "the generator did not run")
        #expect(property.promotedRow(ChoiceSequence([3]))?.cells == ["charge": "3"])
        #expect(Self.overFiveHundred.promotionTable == nil)
    }
}

/// A counter shared with a property body.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}
