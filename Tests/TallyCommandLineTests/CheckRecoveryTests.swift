import Foundation
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// `tally check` loses no trap and no hang: each is reported in the same run as a failure, shrunk,
/// with the runtime's message and a replay line that works when pasted, and the run goes on. Before,
/// the planted overflow killed `tally check` with SIGILL, and the planted hang held it forever; so did
/// the planted table's trapping row.
@Suite struct CheckRecoveryTests {
    // Slow: the planted hang shrunk in child processes under a 0.25 s case timeout per candidate that
    // still hangs (about 9 s). No other spec runs beside it: under a 0.25 s case timeout, a real row
    // on a busy machine was once taken for a hang.
    @Test func aTrapAndAHangAreReportedShrunkAndTheRunGoesOn() async throws {
        try await withTemporaryFolder { folder in
            let flightsBefore = Self.flightFiles()
            // A row that hangs, after the one that traps.
            try RowTrapTests.writePlantedTable(RowTrapTests.table + "stuck,-1,0\n", in: folder)
            let tally = try WatchedProcess(["check", "--spec", "planted", "--case-timeout", "0.25s"], in: folder)
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally check ended")
            let out = tally.standardOutput
            #expect(tally.status == 1 && !tally.endedBySignal, "\(tally.standardError.suffix(2_000))")
            #expect(
                out.contains(
                    """
                      ✘ planted/planted overflow
                          Property planted overflow failed after
                    """))
            #expect(
                out.contains(
                    """
                            42950
                          Failure:
                            crashed with signal 4 (SIGILL) while running the case:
                            Swift runtime failure: arithmetic overflow
                    """))
            #expect(out.contains("      Replay: swift run tally replay ae43d188."))
            #expect(out.contains("  ✘ planted/planted hang\n"))
            #expect(out.contains("        990001\n      Failure:\n        hung: "))
            // The properties after them ran, and so did the table rows, before them.
            #expect(out.contains("        [1, 100]\n      Failure:\n        sum ≤ 100"))
            #expect(out.contains("  ✔ planted/planted control  (100 cases"))
            #expect(
                out.contains("\nRows: ") && !out.contains("\nRows: 0 passed")
                    && out.contains(" passed, 2 failed\nProperties: "))
            // The planted table's trapping row and hanging row failed alone: the row between them and
            // the properties ran.
            #expect(
                out.contains(
                    """
                      ✘ Tables/planted/overflow.csv  2 failed; 4 rows run, 0 skipped, 2 expected cells compared
                        ✘ Tables/planted/overflow.csv:3  big order
                            the engine crashed with signal 4 (SIGILL) while running the row:
                            Swift runtime failure: arithmetic overflow
                    """), "\(out)")
            #expect(
                out.contains(
                    """
                        ✘ Tables/planted/overflow.csv:5  stuck
                            the engine hung: it ran longer than the
                    """), "\(out)")
            #expect(
                out.contains(
                    "\nRun the failed rows again: swift run tally tables run Tables/planted/overflow.csv:3 "
                        + "Tables/planted/overflow.csv:5\n"
                ))
            // A generator that traps has no value to show, shrink or describe: it is reported by its token,
            // with the runtime's message, and says it was not shrunk by saying nothing of shrinking.
            #expect(
                out.contains(
                    """
                          Counterexample:
                            (not known: the value could not be made: its generator crashed)
                          Failure:
                            crashed with signal 4 (SIGILL) while generating the case:
                            Swift runtime failure: arithmetic overflow

                    """ + "        at "), "\(out)")
            #expect(out.contains("Sources/PlantedBugsSpec/PlantedGeneratorTrap.swift:9:"))
            // Five planted bugs and the planted generator trap fail; the control passes.
            #expect(out.contains("\nProperties: ") && out.contains(" passed, 6 failed\n"))
            // The crash recovery article shows this run's overflows: the places it quotes are these.
            try ArticlePlaces.expectQuoted(by: "CrashRecovery", printedIn: out)

            // The replay line works when pasted, without TALLY_PLANTED_BUGS: it says how the case crashes.
            let line = try #require(
                out.split(separator: "\n").first { $0.contains("Replay: swift run tally replay ae43d188.") })
            let replay = try await runTallyExecutable(ReplayCommandTests.pasted(line))
            #expect(replay.status == 1)
            #expect(
                replay.out.hasPrefix(
                    "Replaying planted/planted overflow.\nCounterexample:\n  42950\nFailure:\n  "
                        + "crashed with signal 4 (SIGILL)"
                ))
            #expect(replay.out.contains("Swift runtime failure: arithmetic overflow"))
            // The hang's replay line carries the run's case timeout: pasted, the case hangs for 0.25 s, not
            // 30 s as before, when replay had a timeout of its own.
            let hang = try #require(
                out.components(separatedBy: "  ✘ planted/planted hang\n").last?.split(separator: "\n").first {
                    $0.contains("Replay: swift run tally replay ")
                })
            #expect(hang.hasSuffix(" --case-timeout 250ms"), "\(hang)")
            let replayedHang = try await runTallyExecutable(ReplayCommandTests.pasted(hang))
            #expect(replayedHang.status == 1)
            #expect(replayedHang.out.contains("hung: no answer within 0.25 seconds"), "\(replayedHang.out)")
            #expect(Self.flightFiles() == flightsBefore, "no flight recorder file is left in the temporary directory")
        }
    }

    /// Before, a recovered crash that could not be saved was reported like one that was: nothing said
    /// that the next run would not replay it first.
    @Test func aRecoveredCrashThatCannotBeSavedSaysNotSaved() async throws {
        try await withTemporaryFolder { folder in
            _ = FileManager.default.createFile(atPath: folder + "/blocker", contents: nil)
            let tally = try WatchedProcess(
                ["check", "--property", "planted overflow"], in: folder,
                environment: ["TALLY_EXAMPLES": folder + "/blocker/examples"])
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally check ended")
            let lines = tally.standardOutput.split(separator: "\n").map(String.init)
            let notSaved = try #require(
                lines.firstIndex { $0.hasPrefix("      Not saved: cannot write \(folder)/blocker/examples/") },
                "\(tally.standardOutput)")
            #expect(lines[notSaved].hasSuffix(": Not a directory"))
            #expect(lines[notSaved + 1].hasPrefix("      Replay: swift run tally replay ae43d188."))
        }
    }

    /// Control-C while a crash is being shrunk leaves no child process behind.
    @Test func interruptingTheShrinkOfAHangLeavesNoChild() async throws {
        try await withTemporaryFolder { folder in
            let tally = try WatchedProcess(
                ["check", "--property", "planted hang", "--case-timeout", "0.5s"], in: folder)
            defer { tally.stop() }
            let stopped = try #require(
                await tally.stop(by: SIGINT, once: { tally.child("fuzz-evaluate") }),
                "shrinking the hang starts an evaluator: \(tally.standardOutput)")
            #expect(stopped.seconds < Patience.toStop)
            #expect(await ProcessTable.waitForEnd(of: stopped.found), "the evaluator died with tally check")
        }
    }

    /// Before, a run stopped while the hung case was being confirmed alone reported the case's value as
    /// `(not known: no process could replay the case)`, as if replaying were impossible: it was stopped.
    // Slow: the worker hangs for the 2 s case timeout before the case is confirmed alone.
    @Test func aStopWhileAHangIsConfirmedSaysTheRunWasStopped() async throws {
        try await withTemporaryFolder { folder in
            let tally = try WatchedProcess(
                ["check", "--property", "planted/planted hang", "--case-timeout", "2s"], in: folder)
            defer { tally.stop() }
            // The first evaluator in a hang replays the case in flight alone, for up to a case timeout.
            let stopped = try #require(
                await tally.stop(by: SIGINT, toAll: true, once: { tally.childInAHang("fuzz-evaluate") }),
                "confirming the hang starts an evaluator: \(tally.standardOutput)")
            #expect(stopped.seconds < Patience.toStop)
            let out = tally.standardOutput
            #expect(
                out.contains(
                    ":\n        (not known: the run was stopped by SIGINT before the case could be replayed)\n"),
                "\(out)")
            #expect(!out.contains("no process could replay"), "\(out)")
        }
    }

    /// The arguments of a printed `Replay: swift run tally …` line, as a shell would pass them.
    private static func flightFiles() -> Set<String> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []).filter {
                $0.hasPrefix("tally-flight")
            })
    }

    /// A `RESULT` line the supervisor cannot read fails the property; before, it was taken for the
    /// property's own output and the run waited for a case timeout.
    @Test func aResultTheWorkerSentThatCannotBeReadIsNotAPass() {
        guard case .unreadable = CheckWorker.Answer("RESULT {\"propertyID\": \"p\"}") else {
            Issue.record("read as a result"); return
        }
        guard case .unreadable = CheckWorker.Answer("RESULT ") else { Issue.record("read as a result"); return }
        guard case .output = CheckWorker.Answer("a line the property printed") else {
            Issue.record("not output"); return
        }
    }
}
