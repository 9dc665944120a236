import Foundation
import Testing

@testable import Tally

/// `Property.check` under `swift test` is guarded as `forAll` is, and a hung case ends the run with the
/// case saved instead of hanging it: in both, the next run recovers, shrinks and reports.
@Suite struct GuardedCheckTests {
    #if os(Linux)
    /// Before, the trap killed every run with no `Tally:` line and nothing saved: `check` had no guard.
    @Test func aCheckThatTrapsIsSavedThenReportedByTheNextRun() async throws {
        let examples = NSTemporaryDirectory() + "tally-check-trap-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let filter = "PlantedGuardedCases/checkThatTraps"
        let first = try await TrapRecoveryTests.runTests(filter, examples: examples)
        #expect(
            first.signal == SIGILL || first.signal == SIGTRAP, "the run dies of the trap's own signal:\n\(first.output)"
        )
        #expect(
            first.output.contains("Tally: the property \"planted check overflow\" was running a case when a trap (SIG"),
            "\(first.output)")
        let savedPath = try #require(
            TrapRecoveryTests.firstMatch("Saved the case to (.+?\\.trap): the next", in: first.output))
        #expect(savedPath.hasPrefix(examples + "/"))

        let second = try await TrapRecoveryTests.runTests(filter, examples: examples)
        #expect(second.signal == nil && second.status != 0, "the run survives and fails:\n\(second.output)")
        #expect(
            TrapRecoveryTests.firstMatch(
                "Counterexample \\(shrunk in \\d+ steps, \\d+ attempts, \\d+ ms\\):\n\\s+(\\d+)\n", in: second.output)
                == "715828",
            "\(second.output)")
        #expect(second.output.contains("crashed with signal"))
        let token = try #require(
            TrapRecoveryTests.firstMatch(
                "Replay: TALLY_REPLAY=([0-9a-f]{8}\\.[A-Za-z0-9_-]+) "
                    + "swift test --filter TallyTests.PlantedGuardedCases/checkThatTraps\n",
                in: second.output))

        // The replay line, pasted: reported from a child, not fatal.
        let replayed = try await TrapRecoveryTests.runTests(filter, examples: examples, replay: token)
        #expect(replayed.signal == nil && replayed.status != 0, "\(replayed.output)")
        #expect(replayed.output.contains("crashed with signal"))
        #expect(TrapRecoveryTests.processes(mentioning: examples).isEmpty, "no evaluator is left running")
    }

    /// Before, a hung case hung `swift test` forever, with no output and nothing saved; an
    /// asynchronous one (awaiting something that never comes) was not even watched.
    // Slow: two child test runs per case, each waiting out a case timeout for the hang, and shrinking
    // a hang costs a timeout per candidate that still hangs (about 7 s each, one at a time).
    @Test(arguments: ["caseThatHangs", "asyncCaseThatHangs"])
    func aCaseThatHangsEndsTheRunSavedThenIsReportedShrunkByTheNext(test: String) async throws {
        let examples = NSTemporaryDirectory() + "tally-hang-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let filter = "PlantedGuardedCases/" + test
        let timeout = ["TALLY_CASE_TIMEOUT": "300ms"]
        let first = try await TrapRecoveryTests.runTests(filter, examples: examples, environment: timeout)
        #expect(first.signal == nil && first.status == 1, "\(first.output)")
        #expect(
            first.output.contains(
                "was running a case when it ran longer than the 300ms case timeout (TALLY_CASE_TIMEOUT)"),
            "\(first.output)")
        #expect(first.output.contains("shrinks it in a child process, under the case timeout, and reports it."))
        let savedPath = try #require(
            TrapRecoveryTests.firstMatch("Saved the case to (.+?\\.trap): the next", in: first.output))
        #expect(FileManager.default.fileExists(atPath: savedPath))

        let second = try await TrapRecoveryTests.runTests(filter, examples: examples, environment: timeout)
        #expect(second.signal == nil && second.status != 0, "\(second.output)")
        #expect(
            TrapRecoveryTests.firstMatch(
                "Counterexample \\(shrunk in \\d+ steps, \\d+ attempts, \\d+ ms\\):\n\\s+(\\d+)\n", in: second.output)
                == "501",
            "\(second.output)")
        #expect(second.output.contains("hung: no answer within 0.3 seconds while running the case"))
        #expect(second.output.contains("Replay: TALLY_REPLAY="))
        #expect(TrapRecoveryTests.processes(mentioning: examples).isEmpty, "no evaluator is left running")
    }

    /// An asynchronous case's time counts only while Swift's pool could run it: cases suspended
    /// while other work holds every pool thread for 1.5 s pass under a 300 ms case timeout.
    @Test func asyncCasesWaitingForAThreadAreNoHang() async throws {
        let examples = NSTemporaryDirectory() + "tally-async-wait-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let run = try await TrapRecoveryTests.runTests(
            "PlantedGuardedCases/asyncCasesWaitingForAThread", examples: examples,
            environment: ["TALLY_CASE_TIMEOUT": "300ms"])
        #expect(run.signal == nil && run.status == 0, "\(run.output)")
        #expect(!run.output.contains("case timeout"), "\(run.output)")
    }
    #endif

    @Test func theCaseTimeoutReadsAsTallyCheckReadsIt() throws {
        #expect(try RunConfiguration.fromEnvironment(["TALLY_CASE_TIMEOUT": "300ms"]).caseTimeout == .milliseconds(300))
        #expect(try RunConfiguration.fromEnvironment([:]).caseTimeout == .seconds(10))
        #expect(throws: ConfigurationError.self) {
            try RunConfiguration.fromEnvironment(["TALLY_CASE_TIMEOUT": "soon"])
        }
    }
}

/// Run only in a child of ``GuardedCheckTests/aBadCaseTimeoutFailsACheck()``: a check whose
/// environment holds a case timeout that is no duration.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of GuardedCheckTests"))
struct PlantedBadVariableCheck {
    @Test func checkUnderABadVariable() async {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        _ = await Property("passes", Gen.int(in: 0...9)) { _ in }.check(configuration)
    }
}

extension GuardedCheckTests {
    /// Before, `check` read no variable: a mistyped `TALLY_CASE_TIMEOUT` would pass unnoticed in a run
    /// of planted-bug tests alone.
    @Test func aBadCaseTimeoutFailsACheck() async throws {
        let examples = NSTemporaryDirectory() + "tally-check-variable-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let run = try await TrapRecoveryTests.runTests(
            "PlantedBadVariableCheck", examples: examples, environment: ["TALLY_CASE_TIMEOUT": "soon"])
        #expect(run.status != 0)
        #expect(
            run.output.contains(
                "Tally: TALLY_CASE_TIMEOUT=\"soon\": expected a duration greater than 0 such as 500ms, 10s, 10m or 1h"),
            "\(run.output)")
    }
}
