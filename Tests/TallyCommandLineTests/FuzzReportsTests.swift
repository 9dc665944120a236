import Foundation
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The fuzz reports show what happened, whatever the names, labels and values hold, and the progress
/// line tells the true time.
@Suite struct FuzzReportsTests {
    static func outcome(labels: [String: Int], cases: Int, value: String = "[1, 100]") -> FuzzPropertyOutcome {
        var outcome = FuzzPropertyOutcome(name: "toy/sums | `totals`", cases: cases, seconds: 1, labels: labels)
        outcome.finding = FuzzFinding(
            kind: .failure, token: "8a011ca5.AQEBZAA", value: value, original: value,
            failure: "sum ≤ 100 | `x`\u{1B}[31m", shrinkSteps: 3, isNew: true)
        return outcome
    }

    /// Before, a share under 5% was an empty code span (`` ` ` ``) before its number.
    @Test func smallSharesAreNumbersAndNoCodeSpanIsEmpty() {
        let markdown = FuzzReports.markdown(
            [Self.outcome(labels: ["rare": 1, "some": 3_000, "most": 96_999], cases: 100_000)], seed: 1, stoppedBy: nil)
        #expect(markdown.contains("| most | 96999 | 97.0% ███████████████████ |"))
        #expect(markdown.contains("| some | 3000 | 3.0% |"))
        #expect(markdown.contains("| rare | 1 | < 0.1% |"))
        let rows = markdown.split(separator: "\n").filter {
            $0.hasPrefix("| rare") || $0.hasPrefix("| some") || $0.hasPrefix("| most")
        }
        #expect(rows.count == 3 && !rows.contains { $0.contains("`") }, "a code span in a share: \(rows)")
        #expect(FuzzReports.share(0, of: 10) == "0.0%")
    }

    /// Pipes, backticks and control characters cannot break a table row or a code block.
    @Test func markdownEscapesWhatWouldBreakIt() {
        let markdown = FuzzReports.markdown(
            [Self.outcome(labels: ["a|b`c\u{7}": 5], cases: 10, value: "```\nstill code")], seed: 1,
            stoppedBy: "stopped by SIGINT after 0:03")
        #expect(markdown.contains("| toy/sums \\| \\`totals\\` | ❌ failure (new) | 10 | 10 |"))
        #expect(
            markdown.contains("| a\\|b\\`c\\\\u{7} | 5 | 50.0% ██████████ |"), "the control character shows as \\u{7}")
        #expect(
            markdown.contains("\n````\n```\nstill code\n````\n"), "the fence is longer than any backtick run inside")
        #expect(markdown.contains("\n```\nsum ≤ 100 | `x`\\u{1B}[31m\n```\n"))
        #expect(!markdown.contains("\u{1B}") && !markdown.contains("\u{7}"))
        #expect(markdown.contains("The run was stopped by SIGINT after 0:03."))
    }

    /// A case no shrinker tried a candidate for says nothing of shrinking in the reports either, as on
    /// the console, and a merged report, read back from a shard's JSON, says the same. Before, each read
    /// "shrunk in 0 steps".
    @Test func aCaseNotShrunkSaysNothingOfShrinking() throws {
        var outcome = FuzzPropertyOutcome(name: "toy/traps", cases: 1, seconds: 1, labels: [:])
        outcome.finding = FuzzFinding(
            kind: .crash, token: "8a011ca5.AQEBZAA", value: "(not known)", original: "(not known)",
            failure: "crashed", shrinkSteps: nil, isNew: true)
        let markdown = FuzzReports.markdown([outcome], seed: 1, stoppedBy: nil)
        #expect(markdown.contains("\nCrash:\n"), "\(markdown)")
        let json = try FuzzReports.json([outcome], seed: 1, stoppedBy: nil)
        #expect(!json.contains("shrink_steps"), "\(json)")
        let report = try JSONDecoder().decode(FuzzReportJSON.self, from: Data(json.utf8))
        let merged = FuzzPropertyOutcome(reported: try #require(report.properties.first), shard: "1/2")
        #expect(merged.finding != nil && merged.finding?.shrinkSteps == nil)
        outcome.finding?.shrinkSteps = 0
        #expect(FuzzReports.markdown([outcome], seed: 1, stoppedBy: nil).contains("\nCrash, shrunk in 0 steps:\n"))
        #expect(try FuzzReports.json([outcome], seed: 1, stoppedBy: nil).contains("\"shrink_steps\" : 0"))
    }

    /// Before, the Markdown report said "10 cases in 2 properties" when one of them had not run.
    @Test func markdownCountsWhatRanAndWhatDidNot() {
        let late = FuzzPropertyOutcome(name: "toy/late", notRun: "the time budget was spent before it started")
        let markdown = FuzzReports.markdown([Self.outcome(labels: [:], cases: 10), late], seed: 1, stoppedBy: nil)
        #expect(markdown.contains("Seed 1. 10 cases; properties: 0 passed, 1 failed, 1 not run."))
    }

    @Test func junitSkipsWhatDidNotRun() {
        let xml = FuzzReports.junit([
            FuzzPropertyOutcome(name: "toy/<late>", notRun: "the time budget was spent before it started")
        ])
        #expect(xml.contains("tests=\"1\" failures=\"0\" skipped=\"1\""))
        #expect(
            xml.contains(
                "<testcase classname=\"fuzz\" name=\"toy/&lt;late&gt;\" time=\"0.000\"><skipped message=\"not run: "
                    + "the time budget was spent before it started\"/></testcase>"
            ))
    }

    /// Before, a property that could not be checked (it gave up: too many discarded cases, a worker
    /// that died before its first case) was shown "✔", passed in every report, and the run exited 0.
    @Test func aPropertyThatGaveUpFailsTheRunInEveryReport() throws {
        var stuck = FuzzPropertyOutcome(name: "toy/stuck", cases: 3, seconds: 1)
        stuck.gaveUp = "could not start a worker process"
        #expect(FuzzCommand.exitStatus([stuck], stopSignal: nil) == 1)
        #expect(
            FuzzCommand.lines(for: stuck) == [
                "  ✘ toy/stuck  not checked after 3 cases: could not start a worker process"
            ])
        #expect(FuzzReports.totals([stuck]) == "0 passed, 1 failed")
        #expect(
            FuzzReports.junit([stuck]).contains("failures=\"1\"")
                && FuzzReports.junit([stuck]).contains(
                    "<failure message=\"not checked\">could not start a worker process</failure>")
        )
        #expect(
            FuzzReports.markdown([stuck], seed: 1, stoppedBy: nil).contains(
                "| toy/stuck | ❌ not checked: could not start a worker process | 3 |"))
        let json =
            try JSONSerialization.jsonObject(with: Data(try FuzzReports.json([stuck], seed: 1, stoppedBy: nil).utf8))
            as? [String: Any]
        #expect((json?["properties"] as? [[String: Any]])?.first?["passed"] as? Bool == false)
    }

    /// A value JSON cannot hold is an error, never a report file with nothing in it. Before, an
    /// encoding failure wrote an empty JSON report.
    @Test func aReportThatCannotBeEncodedIsAnError() {
        let broken = FuzzPropertyOutcome(name: "toy/broken", cases: 1, seconds: .nan)
        #expect(throws: EncodingError.self) { try FuzzReports.json([broken], seed: 1, stoppedBy: nil) }
    }

    /// Before, a finding that could not be saved lost its "Saved:" line without a word.
    @Test func aFindingThatCouldNotBeSavedSaysSo() {
        var outcome = Self.outcome(labels: [:], cases: 1)
        outcome.finding?.notSaved = "permission denied"
        #expect(FuzzCommand.lines(for: outcome).last == "      Not saved: permission denied")
    }

    /// Before, a worker that exited 0 without saying how its run ended left its property "✔ 0 cases".
    @Test func aWorkerThatEndsWithoutReportingIsNoPass() throws {
        try withTemporaryFolder { folder in
            let silent = folder + "/silent-tally"
            try writeExecutableScript("#!/bin/sh\nexit 0\n", to: silent)
            let budget = FuzzBudget(seconds: nil)
            let job = FuzzJob(
                worker: .tally(executable: silent, propertyIndex: 0), propertyID: "p", name: "toy/p", seed: 1,
                caseLimit: 10, caseTimeout: 1,
                board: FuzzBoard(names: ["toy/p"], budget: budget), budget: budget, exampleDirectory: nil)
            let outcome = job.run(share: nil)
            #expect(outcome.failed)
            #expect(outcome.gaveUp == "the worker ended without reporting how its run ended")
        }
    }

    /// Before, a property the time budget never reached was reported as not run, and the run still
    /// exited 0: green without checking it.
    @Test func aPropertyNotRunMakesTheRunFail() {
        let passed = FuzzPropertyOutcome(name: "toy/ran", cases: 10, seconds: 1)
        let late = FuzzPropertyOutcome(name: "toy/late", notRun: "the time budget was spent before it started")
        #expect(FuzzCommand.exitStatus([passed], stopSignal: nil) == 0)
        #expect(FuzzCommand.exitStatus([passed, late], stopSignal: nil) == 1)
        #expect(
            FuzzCommand.exitStatus([passed, late], stopSignal: 15) == 143, "a person stopped it: the signal's status")
        #expect(
            FuzzCommand.exitStatus([Self.outcome(labels: [:], cases: 1), late], stopSignal: 2) == 1,
            "new findings come first")
    }

    /// Before, the progress line read "0:10 of 0:03": elapsed past the budget, and no time left shown.
    @Test func theProgressLineTellsElapsedAndRemainingTime() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let budget = FuzzBudget(seconds: 60, now: start)
        let board = FuzzBoard(names: ["toy/a", "toy/b"], budget: budget)
        board.mark("toy/a", running: true)
        board.update("toy/a", cases: 420)
        #expect(
            board.line(now: start.addingTimeInterval(42))
                == "420 cases, 10/s, 1 of 2 properties started, 0 failures, 0:42 elapsed, 0:18 left | toy/a 420")
        #expect(board.line(now: start.addingTimeInterval(61.5)).contains("1:01 elapsed, finishing"))
        budget.requestStop(signal: SIGINT)
        #expect(board.line(now: start.addingTimeInterval(5)).contains("0:05 elapsed, stopping"))
        let open = FuzzBoard(names: ["toy/a"], budget: FuzzBudget(seconds: nil, now: start))
        #expect(open.line(now: start.addingTimeInterval(75)).contains("1:15 elapsed"))
    }

    @Test func eachPropertyGetsAnEqualShareOfWhatIsLeft() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let budget = FuzzBudget(seconds: 60, now: start)
        #expect(budget.share(left: 3, jobs: 1, now: start) == 20)
        #expect(budget.share(left: 3, jobs: 2, now: start) == 40)
        #expect(budget.share(left: 1, jobs: 4, now: start.addingTimeInterval(50)) == 10)
        // Shrinking keeps the rest of the share, at least the minimum, never past the deadline.
        #expect(
            budget.shrinkEnd(found: start.addingTimeInterval(10), searchEnd: start.addingTimeInterval(20), minimum: 5)
                == start.addingTimeInterval(20))
        #expect(
            budget.shrinkEnd(found: start.addingTimeInterval(18), searchEnd: start.addingTimeInterval(20), minimum: 5)
                == start.addingTimeInterval(23))
        #expect(
            budget.shrinkEnd(found: start.addingTimeInterval(58), searchEnd: start.addingTimeInterval(60), minimum: 5)
                == start.addingTimeInterval(60))
        #expect(!budget.isSpent(now: start.addingTimeInterval(59)) && budget.isSpent(now: start.addingTimeInterval(60)))
    }
}
