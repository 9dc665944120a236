import Foundation
import Tally
import TallyTestSupport
import Testing

/// `tally fuzz` is safe to stop: SIGINT and SIGTERM end it within seconds with what it found saved
/// and reported; SIGKILL leaves no child process running and no file behind.
@Suite struct FuzzInterruptionTests {
    /// SIGTERM while a hang is being shrunk (every candidate that hangs costs a case timeout): the
    /// hang is saved with the smallest case so far, the report is written, and the exit status says
    /// something new was found. Before, SIGTERM killed tally and the hang was lost.
    @Test func sigtermSavesTheHangBeingShrunkAndWritesTheReports() async throws {
        try await withTemporaryFolder { folder in
            let tally = try WatchedProcess(
                [
                    "fuzz", "--spec", "planted", "--property", "planted hang", "--time", "60s", "--case-timeout", "1s",
                    "--seed", "1", "--report", "fuzz.json", "--report", "fuzz.md",
                ], in: folder)
            defer { tally.stop() }
            // An evaluator runs a case that hangs when the hang is being recovered and shrunk.
            let stopped = try #require(await tally.stop(by: SIGTERM, once: { tally.childInAHang("fuzz-evaluate") }))
                .seconds
            #expect(stopped < Patience.toStop, "stopped \(stopped) s after SIGTERM")
            #expect(!tally.endedBySignal && tally.status == 1, "a new finding exits 1")
            let out = tally.standardOutput
            #expect(out.contains("✘ planted/planted hang  hang"))
            #expect(out.contains("stopped by SIGTERM):"))
            #expect(out.contains("Fuzz: 0 passed, 1 failed (stopped by SIGTERM after"))

            let document =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/fuzz.json")))
                as? [String: Any]
            #expect((document?["stopped"] as? String)?.hasPrefix("stopped by SIGTERM") == true)
            let failure = try #require(
                (document?["properties"] as? [[String: Any]])?.first?["failure"] as? [String: Any])
            let value = try #require((failure["value"] as? String).flatMap { Int($0) })
            #expect(value > 990_000, "the saved case still hangs")
            let saved = ExampleStore(directory: folder + "/.tally/examples").load(propertyID: "planted hang") { _ in }
            #expect(saved.map(\.token.description) == [failure["token"] as? String])
            #expect(FileManager.default.fileExists(atPath: folder + "/fuzz.md"))
        }
    }

    /// SIGINT (Ctrl-C) during a search that finds nothing: the run ends within seconds, the reports
    /// say it was stopped, and the exit status is 130, not a false "all passed".
    @Test func sigintStopsASearchAndSaysSo() async throws {
        try await withTemporaryFolder { folder in
            let tally = try WatchedProcess(
                [
                    "fuzz", "--spec", "planted", "--property", "planted control", "--property", "planted overflow",
                    "--time", "60s", "--report", "fuzz.xml",
                ], in: folder)
            defer { tally.stop() }
            let stopped = try #require(await tally.stop(by: SIGINT, once: { tally.child("fuzz-worker") }, after: 0.5))
                .seconds
            #expect(
                stopped < Patience.toStop,
                "stopped \(stopped) s after SIGINT: \(tally.standardOutput) \(tally.standardError)")
            #expect(!tally.endedBySignal && tally.status == 130)
            #expect(tally.standardOutput.contains("✔ planted/planted control  "))
            #expect(
                tally.standardOutput.contains(
                    "  – planted/planted overflow  not run: the run was stopped by SIGINT before it started"))
            #expect(tally.standardOutput.contains("Fuzz: 1 passed, 0 failed, 1 not run (stopped by SIGINT after"))
            let report = try String(contentsOfFile: folder + "/fuzz.xml", encoding: .utf8)
            #expect(report.contains("<skipped message=\"not run: the run was stopped by SIGINT before it started\"/>"))
        }
    }

    /// SIGKILL of tally while its worker is in a hanging case, and while an evaluator is: the child dies
    /// with it, and no process of the run held a file in the temporary directory (the flight recorder
    /// has no name). Before, the child spun on at full CPU and the recorder stayed in /tmp.
    @Test(arguments: [("30s", "fuzz-worker"), ("1s", "fuzz-evaluate")])
    func sigkillLeavesNoChildRunningAndNoFileBehind(caseTimeout: String, child: String) async throws {
        try await withTemporaryFolder { folder in
            let tally = try WatchedProcess(
                [
                    "fuzz", "--spec", "planted", "--property", "planted hang", "--time", "60s",
                    "--case-timeout", caseTimeout, "--seed", "1",
                ], in: folder)
            defer { tally.stop() }
            let temporary = [NSTemporaryDirectory(), "/tmp/"].map {
                URL(fileURLWithPath: $0).resolvingSymlinksInPath().path
            }
            // The program itself is mapped from the build folder, which is in the temporary directory
            // when the package was cloned there.
            let build = WatchedProcess.tally.deletingLastPathComponent().resolvingSymlinksInPath().path
            // Once the child is in the case that hangs, the files the run holds, then SIGKILL.
            let killed = try #require(
                await tally.stop(
                    by: SIGKILL,
                    once: { () -> (pid: pid_t, held: [String])? in
                        guard let pid = tally.childInAHang(child) else { return nil }
                        let held = ([tally.pid] + ProcessTable.children(of: tally.pid)).flatMap(ProcessTable.files)
                            .filter { path in
                                temporary.contains { path.hasPrefix($0 + "/") } && !path.hasPrefix(build + "/")
                            }
                        return (pid, held)
                    }), "\(tally.standardOutput)")
            let pid = killed.found.pid
            #expect(killed.found.held.isEmpty, "files in the temporary directory: \(killed.found.held)")
            #expect(killed.seconds.isFinite)
            #expect(
                await ProcessTable.waitForEnd(of: pid), "\(child) \(pid) still runs after its supervisor was killed")
            if ProcessTable.isAlive(pid) { kill(pid, SIGKILL) }
        }
    }
}
