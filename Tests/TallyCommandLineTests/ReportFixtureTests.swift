import Foundation
import Tally
import Testing

@testable import TallyCommandLine

/// The JSON reports keep their format: files written by earlier versions (Tests/Fixtures/Reports) read
/// back whole, and the writers still write them byte for byte.
@Suite struct ReportFixtureTests {
    static let folder =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
        + "/Fixtures/Reports"

    /// A failure with a failure found first, one that gave up, one that passed and one not run.
    static var fuzzOutcomes: [FuzzPropertyOutcome] {
        let token = ReplayToken(propertyID: "sums", choices: ChoiceSequence([1, 100])).description
        let first = ReplayToken(propertyID: "sums", choices: ChoiceSequence([7, 300])).description
        var crashed = FuzzPropertyOutcome(name: "toy/sums", cases: 120, seconds: 2, labels: ["small": 80, "large": 40])
        crashed.finding = FuzzFinding(
            kind: .crash, token: token, value: "[1, 100]", original: "[7, 300, 2]", failure: "crashed with SIGILL",
            shrinkSteps: 3, shrinkNote: "shrinking stopped at the time budget", savedPath: ".tally/examples/x.token",
            isNew: true,
            foundFirst: .init(value: "[7, 300]", failure: "sum ≤ 100", token: first, savedPath: nil))
        crashed.interrupted = "stopped by SIGINT"
        var stuck = FuzzPropertyOutcome(name: "toy/stuck", cases: 3, seconds: 1)
        stuck.gaveUp = "could not start a worker process"
        let passed = FuzzPropertyOutcome(name: "toy/fine", cases: 500, seconds: 1.5, labels: ["one": 500])
        let late = FuzzPropertyOutcome(name: "toy/late", notRun: "the time budget was spent before it started")
        return [crashed, stuck, passed, late]
    }

    @Test func aFuzzReportReadsBackAndIsWrittenAsBefore() throws {
        let path = Self.folder + "/summary.json"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try FuzzReports.json(Self.fuzzOutcomes, seed: 42, stoppedBy: "stopped by SIGINT after 0:03") == before)
        let read = try FuzzSummary(path: path)
        #expect(read.seed == "42" && read.stopped == "stopped by SIGINT after 0:03")
        #expect(read.outcomes.map(\.name) == ["toy/sums", "toy/stuck", "toy/fine", "toy/late"])
        #expect(read.outcomes.map(\.isFailing) == [true, true, false, false])
        let sums = try #require(read.outcomes.first)
        #expect(
            sums.cases == 120 && sums.casesPerSecond == 60 && sums.labels == ["small": 80, "large": 40] && !sums.passed)
        #expect(sums.interrupted == "stopped by SIGINT")
        let failure = try #require(sums.failure)
        #expect(
            failure.kind == "crash" && failure.value == "[1, 100]" && failure.message == "crashed with SIGILL"
                && failure.isNew)
        let token = ReplayToken(propertyID: "sums", choices: ChoiceSequence([1, 100])).description
        #expect(
            failure.token == token && failure.replay == "swift run tally replay \(token)"
                && failure.saved == ".tally/examples/x.token")
        #expect(failure.shrinkSteps == 3 && failure.shrinkNote == "shrinking stopped at the time budget")
        #expect(
            failure.foundFirst?.value == "[7, 300]"
                && failure.foundFirst?.replay.hasPrefix("swift run tally replay ") == true
                && failure.foundFirst?.saved == "")
        #expect(read.outcomes[1].gaveUp == "could not start a worker process" && read.outcomes[3].notRun != nil)
    }

    @Test func aMutationReportReadsBackAndIsWrittenAsBefore() throws {
        let path = Self.folder + "/mutants.json"
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try MutationReports.json(MutantsReportTests.results) == before)
        let run = try MutantsSummary(path: path).run
        #expect(run.command == "swift run tally mutate Fares" && run.targets == ["Fares"] && run.stopped == nil)
        let written = MutantsReportTests.results.results
        #expect(
            run.results.map(\.outcome) == written.map(\.outcome) && run.results.map(\.cached) == written.map(\.cached))
        #expect(
            run.results.map(\.mutant)
                == written.map { result in
                    var mutant = result.mutant
                    mutant.id = 0  // the report does not keep a run's ids
                    return mutant
                })
    }
}
