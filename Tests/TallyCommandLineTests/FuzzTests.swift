import Foundation
import Tally
import TallyTestSupport
import Testing

/// Runs the built `tally` executable in `folder` with the planted-bug spec enabled.
func runTally(_ arguments: [String], in folder: String) throws -> (status: Int32, signal: Bool, out: String) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally")
    let process = Process()
    process.executableURL = executable.path.hasSuffix("tally") && FileManager.default.fileExists(atPath: executable.path)
        ? executable : URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/tally")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["TALLY_PLANTED_BUGS"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
}

/// The nightly fuzz finds, recovers, shrinks, saves and replays planted bugs: a trap that kills the
/// worker, a case that hangs, and an ordinary failure.
@Suite(.serialized) struct FuzzTests {
    @Test func plantedBugsAreRecoveredShrunkSavedAndReplayed() throws {
        try withTemporaryFolder { folder in
            let run = try runTally(["fuzz", "--spec", "planted", "--cases", "20000", "--case-timeout", "1s", "--seed", "7",
                                    "--report", "fuzz.json", "--report", "fuzz.md", "--report", "fuzz.xml"], in: folder)
            #expect(run.status == 1, "a new failure exits 1")
            #expect(run.out.contains("✘ planted/planted overflow  crash"))
            #expect(run.out.contains(" steps):\n        42950\n      Failure: crashed with signal 4 (SIGILL) while running the case"))
            #expect(run.out.contains("✘ planted/planted hang  hang"))
            #expect(run.out.contains("        990001\n      Failure: hung: no answer within 1.0 seconds while running the case"))
            #expect(run.out.contains("        [1, 100]\n      Failure: sum ≤ 100"))
            #expect(run.out.hasSuffix("Fuzz: 0 passed, 3 failed\n"))

            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/fuzz.json"))) as? [String: Any]
            let properties = report?["properties"] as? [[String: Any]] ?? []
            let overflow = try #require(properties.first { $0["name"] as? String == "planted/planted overflow" })
            let failure = try #require(overflow["failure"] as? [String: Any])
            #expect(failure["kind"] as? String == "crash")
            #expect(failure["value"] as? String == "42950")
            let token = try #require(failure["token"] as? String)
            #expect(try String(contentsOfFile: folder + "/fuzz.xml", encoding: .utf8).contains("<testcase classname=\"fuzz\" name=\"planted/planted overflow\""))
            #expect(try String(contentsOfFile: folder + "/fuzz.md", encoding: .utf8).contains("| planted/planted overflow | ❌ crash (new) |"))

            // Saved where swift test replays first, once per property and shrunk case.
            let saved = ExampleStore(directory: folder + "/.tally/examples").load(propertyID: "planted overflow") { _ in }
            #expect(saved.map(\.token.description) == [token])

            // The same failure again is not new: exit 0.
            let again = try runTally(["fuzz", "--spec", "planted", "--property", "planted overflow", "--cases", "5000", "--seed", "8"], in: folder)
            #expect(again.status == 0)
            #expect(again.out.contains("crash (already saved)"))

            // The token replays the exact case: it prints the value, then traps as the fuzz saw.
            let replay = try runTally(["replay", token], in: folder)
            #expect(replay.signal && replay.status == 4)
            #expect(replay.out.hasPrefix("Replaying planted/planted overflow:\n  42950"))
        }
    }

    @Test func badFuzzOptionsAreUsageErrors() throws {
        try withTemporaryFolder { folder in
            let shard = try runTally(["fuzz", "--shard", "5/4"], in: folder)
            #expect(shard.status == 2)
            let time = try runTally(["fuzz", "--time", "soon"], in: folder)
            #expect(time.status == 2)
        }
    }
}
