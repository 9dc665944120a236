import Foundation
import Tally
import TallyTestSupport
import Testing

/// Control-C or a CI's cancel — SIGINT or SIGTERM to tally and all its children at once — stops
/// `tally check` and `tally fuzz` within a second with the summary of what was checked, marked as
/// stopped; a child that died of the signal is never reported as a crash, saved as a finding or called
/// flaky; no child is left; the exit status is 130 / 143.
@Suite struct InterruptTests {
    /// Before, the worker died of the SIGINT, tally reported `✘ … crashed with signal 2 (SIGINT)` with
    /// a flaky warning, saved a token, and ran on: tally check had no stop handler.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalToTheGroupStopsCheckWithItsSummary(signal: Int32) async throws {
        try await withTemporaryFolder { folder in
            let (out, name) = try await Self.stopped(
                [
                    "check", "--property", "planted/planted control", "--property",
                    "claims/insurer plus patient equals allowed",
                    "--iterations", "100000000", "--report", "check.xml",
                ], at: "check-worker", by: signal, in: folder)
            // The catalog's order decides which of the two runs first.
            #expect(out.contains("  not checked: interrupted by \(name) after "), "\(out)")
            #expect(out.contains("  not run: the run was stopped by \(name) before it started"), "\(out)")
            #expect(out.contains("Properties: 0 passed, 0 failed, 2 not checked"))
            #expect(out.contains("Check: 0 passed, 0 failed (stopped by \(name) after "))
            #expect(!out.contains("✘") && !out.contains("crashed") && !out.contains("flaky"), "\(out)")
            let report = try String(contentsOfFile: folder + "/check.xml", encoding: .utf8)
            #expect(report.contains("failures=\"0\" skipped=\"2\"") && !report.contains("<failure"), "\(report)")
        }
    }

    /// Before, the fuzz worker that died of the SIGINT was "recovered": `✘ … crash after N cases`,
    /// `Failure: crashed with signal 2 (SIGINT)`, a token saved for a crash that never happened.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalToTheGroupStopsFuzzWithoutAFakeCrash(signal: Int32) async throws {
        try await withTemporaryFolder { folder in
            let (out, name) = try await Self.stopped(
                [
                    "fuzz", "--spec", "planted", "--property", "planted control", "--property", "planted overflow",
                    "--time", "60s", "--report", "fuzz.xml",
                ], at: "fuzz-worker", by: signal, in: folder)
            #expect(out.contains("Fuzz: 1 passed, 0 failed, 1 not run (stopped by \(name) after "), "\(out)")
            #expect(!out.contains("✘") && !out.contains("crash") && !out.contains("Saved:"), "\(out)")
            let report = try String(contentsOfFile: folder + "/fuzz.xml", encoding: .utf8)
            #expect(!report.contains("<failure"), "\(report)")
        }
    }

    /// A real hang being shrunk when the group gets SIGINT: it is saved, the only finding, with the
    /// smallest case so far; the evaluator that died of the signal added no finding of its own.
    @Test func aRealFindingBeingShrunkIsKeptAndNoFakeOneAdded() async throws {
        try await withTemporaryFolder { folder in
            let run = try await Self.stoppedWithAFinding(
                [
                    "fuzz", "--spec", "planted", "--property", "planted hang", "--time", "60s", "--case-timeout", "1s",
                    "--seed", "1",
                ],
                at: { $0.childInAHang("fuzz-evaluate") }, after: 0, property: "planted hang", in: folder)
            #expect(run.out.contains("✘ planted/planted hang  hang after"), "\(run.out)")
            #expect(!run.out.contains("signal 2"), "\(run.out)")
            #expect(!ProcessTable.isAlive(run.child))
        }
    }

    /// A failure found and being shrunk when the group gets SIGINT, its worker inside a candidate
    /// longer than its grace to answer: before, the worker was killed and the property reported
    /// `✔ … (stopped while a case had run …)`, passed, with nothing saved.
    // Slow: the planted failure is found after 5 s and shrinking runs a 5 s candidate, inside which the
    // stop must arrive: the situation needs that time (about 8.5 s).
    @Test func aFailureBeingShrunkWhenTheRunStopsIsSavedAsFound() async throws {
        try await withTemporaryFolder { folder in
            // The first case fails after 5 s; shrinking then runs a failing candidate for 5 s more.
            let run = try await Self.stoppedWithAFinding(
                ["fuzz", "--spec", "planted-slow", "--time", "60s", "--seed", "1"],
                at: { $0.child("fuzz-worker") }, after: 6.5, property: "planted slow shrink", in: folder)
            #expect(run.out.contains("✘ planted-slow/planted slow shrink  failure after 1 case"), "\(run.out)")
            #expect(run.out.contains("Failure: n < 500000"), "\(run.out)")
            #expect(!run.out.contains("✔"), "\(run.out)")
        }
    }

    /// Runs `arguments`, sends SIGINT to tally and all its children `wait` seconds after `child` finds
    /// the child it waits for, and expects a prompt end with one new finding of `property` saved (exit 1): the output
    /// and the child's process id.
    static func stoppedWithAFinding(
        _ arguments: [String], at child: @escaping @Sendable (WatchedProcess) -> pid_t?, after wait: Double,
        property: String, in folder: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (out: String, child: pid_t) {
        let tally = try WatchedProcess(arguments, in: folder)
        defer { tally.stop() }
        let stop = try #require(
            await tally.stop(by: SIGINT, toAll: true, once: { child(tally) }, after: wait),
            "\(tally.standardOutput)", sourceLocation: sourceLocation)
        let (started, stopped) = (stop.found, stop.seconds)
        let out = tally.standardOutput
        #expect(stopped < Patience.toStop, "stopped \(stopped) s after SIGINT: \(out)", sourceLocation: sourceLocation)
        #expect(
            !tally.endedBySignal && tally.status == 1, "a new finding exits 1: \(out)", sourceLocation: sourceLocation)
        let saved = ExampleStore(directory: folder + "/.tally/examples").load(propertyID: property) { _ in }
        #expect(saved.count == 1, sourceLocation: sourceLocation)
        return (out, started)
    }

    /// SIGTERM to the nightly script alone (a CI cancel may reach only the script): it passes the signal
    /// on to the fuzz, which writes what it checked, skips the steps after, and exits 143. Before, bash
    /// died of the signal at once and the fuzz ran on, orphaned, for its whole time. The report folder
    /// then holds tonight's three fuzz reports alone: before, the earlier night's pages, table copies
    /// and mutation page stayed beside them.
    @Test func theNightlyScriptPassesASignalOnAndExitsWithIt() async throws {
        try await withTemporaryFolder { folder in
            let reports = folder + "/reports"
            let planted = try await EarlierNight.plant(in: reports, scratch: folder + "/scratch")
            let nightly = try WatchedProcess(
                [NightlyScriptTests.script], in: folder,
                environment: [
                    "TALLY_BIN": WatchedProcess.tally.path, "TALLY_FUZZ_TIME": "60s", "TALLY_REPORT_DIR": reports,
                    "TALLY_MUTATE_SINCE": "HEAD", "TALLY_EXAMPLES": folder + "/examples", "TALLY_PLANTED_BUGS": "0",
                ],
                executable: URL(fileURLWithPath: "/bin/bash"))
            defer { nightly.stop() }
            let stop = try #require(
                await nightly.stop(
                    by: SIGTERM,
                    once: {
                        nightly.child("fuzz").flatMap { fuzz in
                            ProcessTable.child(of: fuzz, running: "fuzz-worker").map { _ in fuzz }
                        }
                    }), "\(nightly.standardOutput) \(nightly.standardError)")
            let (fuzz, stopped) = (stop.found, stop.seconds)
            let out = nightly.standardOutput, err = nightly.standardError
            #expect(stopped < Patience.toStop, "stopped \(stopped) s after SIGTERM: \(out) \(err)")
            #expect(!nightly.endedBySignal && nightly.status == 143, "\(out) \(err)")
            #expect(out.contains("(stopped by SIGTERM after "), "\(out)")
            #expect(err.contains("nightly-fuzz: stopped by SIGTERM: the fuzz reported what it checked"), "\(err)")
            let junit = try String(contentsOfFile: reports + "/junit.xml", encoding: .utf8)
            #expect(!junit.contains("<failure"), "\(junit)")
            #expect(
                EarlierNight.files(in: reports) == ["junit.xml", "summary.json", "summary.md"],
                "mutation analysis was skipped")
            #expect(EarlierNight.leftovers(of: planted).isEmpty)
            #expect(!ProcessTable.isAlive(fuzz), "tally fuzz runs on after the script ended")
            if ProcessTable.isAlive(fuzz) { kill(fuzz, SIGKILL) }
        }
    }

    /// Runs tally with `arguments` until its child `child` has run half a second, sends `signal` to
    /// them all, and expects tally to end well before its run would (``Patience/toStop``) with 128 + the
    /// signal, as one request, leaving no child and no saved example: its output and the signal's name.

    static func stopped(
        _ arguments: [String], at child: String, by signal: Int32, in folder: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (output: String, name: String) {
        let tally = try WatchedProcess(arguments, in: folder)
        defer { tally.stop() }
        let stop = try #require(
            await tally.stop(by: signal, toAll: true, once: { tally.child(child) }, after: 0.5),
            "\(tally.standardOutput)", sourceLocation: sourceLocation)
        let (worker, stopped) = (stop.found, stop.seconds)
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let out = tally.standardOutput
        #expect(
            stopped < Patience.toStop, "stopped \(stopped) s after \(name): \(out) \(tally.standardError)",
            sourceLocation: sourceLocation)
        #expect(!tally.endedBySignal && tally.status == 128 + signal, "\(out)", sourceLocation: sourceLocation)
        #expect(
            !tally.standardError.contains("quitting at once"), "one signal to each process is one request",
            sourceLocation: sourceLocation)
        await expectNothingLeft(in: folder, children: [worker], sourceLocation: sourceLocation)
        return (out, name)
    }

    /// No child process runs on, and no example was saved.
    static func expectNothingLeft(
        in folder: String, children: [pid_t], sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for child in children where !(await ProcessTable.waitForEnd(of: child)) {
            Issue.record("child \(child) still runs", sourceLocation: sourceLocation)
            kill(child, SIGKILL)
        }
        let saved = FileManager.default.enumerator(atPath: folder + "/.tally")?.allObjects ?? []
        #expect(saved.isEmpty, "saved: \(saved)", sourceLocation: sourceLocation)
    }
}
