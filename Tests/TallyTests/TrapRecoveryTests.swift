import Foundation
import Synchronization
import TallyTestSupport
import Testing

@testable import Tally

@Suite struct TrapRecoveryTests {
    /// What a run of this test binary printed and how it ended.
    struct TestRun {
        var output: String
        var signal: Int32?
        var status: Int32
    }

    /// Runs this test binary on the tests `filter` matches, as `swift test --filter` does, with the
    /// planted trapping properties enabled and saved failures in `examples`; `executable` (this test
    /// binary by default) is then passed to `started`, once the run started.
    static func runTests(
        _ filter: String, examples: String, replay: String? = nil, environment extra: [String: String] = [:],
        executable: String? = nil, started: (String) -> Void = { _ in }
    ) async throws -> TestRun {
        let executable = executable ?? WatchedProcess.testExecutable.path
        var environment = ["TALLY_PLANTED_TRAP": "1", "TALLY_EXAMPLES": examples, "NO_COLOR": "1"]
        environment["TALLY_REPLAY"] = replay
        let child = try WatchedProcess(
            ["--testing-library", "swift-testing", "--filter", filter],
            environment: environment.merging(extra) { _, given in given }, executable: URL(fileURLWithPath: executable),
            mergingErrors: true)
        defer { child.stop() }
        started(executable)
        let ended = await child.waitForEnd()
        #expect(ended, "the child test run ended")
        return TestRun(
            output: child.standardOutput, signal: child.endedBySignal ? child.status : nil, status: child.status)
    }

    /// Processes whose environment mentions `text`: evaluators left behind.
    static func processes(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { pid in
            guard Int(pid) != nil, let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
                return false
            }
            return String(decoding: environ, as: UTF8.self).contains(text)
        }
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? Regex(pattern), let match = text.firstMatch(of: regex), match.count > 1 else {
            return nil
        }
        return match.output[1].substring.map(String.init)
    }

    /// Before, a generator trapping in the size probe (before the search's first counted case) died
    /// unannounced and unsaved: the handler took "no case counted yet" for "no case in flight".
    @Test func aTrapInTheSizeProbeIsSavedAndAnnounced() async throws {
        let examples = NSTemporaryDirectory() + "tally-trap-probe-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let run = try await Self.runTests("PlantedProbeTrap/trapInTheSizeProbe", examples: examples)
        #expect(run.signal == SIGILL || run.signal == SIGTRAP, "the run dies of the trap's own signal:\n\(run.output)")
        #expect(run.output.contains("was running a case when a trap (SIG"), "\(run.output)")
        let savedPath = try #require(
            Self.firstMatch("Saved the case to (.+?\\.trap): the next `swift test` shrinks it", in: run.output))
        #expect(FileManager.default.fileExists(atPath: savedPath))
    }

    @Test func aTrapIsSavedWhenItKillsTheRunThenShrunkAndReportedByTheNextRun() async throws {
        let examples = NSTemporaryDirectory() + "tally-trap-recovery-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }

        let first = try await Self.runTests("PlantedTrapProperties/overflowingProduct", examples: examples)
        #expect(
            first.signal == SIGILL || first.signal == SIGTRAP, "the run dies of the trap's own signal:\n\(first.output)"
        )
        #expect(
            first.output.contains(
                "Tally: the property \"TallyTests/PlantedTrapProperties.swift/overflowingProduct()\" was running "
                    + "a case when a trap (SIG"
            ))
        let savedPath = try #require(
            Self.firstMatch("Saved the case to (.+?\\.trap): the next `swift test` shrinks it", in: first.output))
        let stateToken = try #require(
            Self.firstMatch(
                "Replay it: TALLY_REPLAY=([0-9a-f]{8}~[0-9a-f]{70}) "
                    + "swift test --filter TallyTests.PlantedTrapProperties/overflowingProduct\n",
                in: first.output))
        #expect(savedPath.hasPrefix(examples + "/"))
        #expect(try String(contentsOfFile: savedPath, encoding: .utf8) == stateToken + "\n")

        // Not shapeTraps, whose planted trap its own 100 cases may reach (they do from its seed), and
        // which ChildShrinkingTests runs on its own.
        let second = try await Self.runTests(
            "PlantedTrapProperties/(overflowingProduct|neighbourPasses)", examples: examples)
        #expect(second.signal == nil && second.status != 0, "the run survives and fails:\n\(second.output)")
        #expect(
            second.output.contains(
                "Property TallyTests/PlantedTrapProperties.swift/overflowingProduct() "
                    + "failed replaying the saved failure \(examples)/"
            ))
        #expect(
            Self.firstMatch(
                "Counterexample \\(shrunk in \\d+ steps, \\d+ attempts, \\d+ ms\\):\n\\s+(\\d+)\n", in: second.output)
                == "715828")
        #expect(second.output.contains("crashed with signal \(first.signal ?? 0) ("))
        #expect(second.output.contains("at Tests/TallyTests/PlantedTrapProperties.swift:"))
        #expect(second.output.contains("Test neighbourPasses() passed"))
        let shrunkToken = try #require(
            Self.firstMatch(
                "Replay: TALLY_REPLAY=([0-9a-f]{8}\\.[A-Za-z0-9_-]+) "
                    + "swift test --filter TallyTests.PlantedTrapProperties/overflowingProduct\n",
                in: second.output))
        #expect(!FileManager.default.fileExists(atPath: savedPath))
        let folder = (savedPath as NSString).deletingLastPathComponent
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(saved.count == 1 && saved[0].hasSuffix(".trap"))
        #expect(try String(contentsOfFile: folder + "/" + saved[0], encoding: .utf8) == shrunkToken + "\n")

        // The printed replay line, pasted: the case is run in a child and reported, not fatal.
        let replayed = try await Self.runTests(
            "PlantedTrapProperties/overflowingProduct", examples: examples, replay: shrunkToken)
        #expect(replayed.signal == nil && replayed.status != 0, "the replay survives and fails:\n\(replayed.output)")
        #expect(replayed.output.contains("failed replaying \(shrunkToken)."))
        #expect(replayed.output.contains("crashed with signal \(first.signal ?? 0) ("))
        #expect(
            replayed.output.contains("arithmetic overflow"),
            "the runtime's message, from the one run with the backtrace on:\n\(replayed.output)")
        // And the line the dying run printed, with its token of a random state.
        let replayedState = try await Self.runTests(
            "PlantedTrapProperties/overflowingProduct", examples: examples, replay: stateToken)
        #expect(
            replayedState.signal == nil && replayedState.status != 0,
            "the replay survives and fails:\n\(replayedState.output)")
        #expect(replayedState.output.contains("crashed with signal \(first.signal ?? 0) ("))
        #expect(Self.processes(mentioning: examples).isEmpty, "no evaluator is left running")
    }

    /// Before, a saved trap whose recheck could start no process was reported as a property that could
    /// not be checked, with neither its token nor a replay line (and a child that died before it was
    /// ready looked like the case crashing). Now it fails with both, and stays saved.
    @Test func aSavedTrapThatCannotBeRecheckedFailsWithItsTokenAndStaysSaved() async throws {
        let examples = NSTemporaryDirectory() + "tally-trap-unchecked-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let id = "TallyTests/PlantedTrapProperties.swift/overflowingProduct()"
        let token = ReplayToken(propertyID: id, randomStart: RandomSource(seed: 1)).description
        let folder = ExampleStore(directory: examples).folder(for: id)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (token + "\n").write(toFile: folder + "/trap-saved.trap", atomically: true, encoding: .utf8)
        // A link to this test binary, removed once the run started: it cannot re-execute itself.
        let link = examples + "/TallyPackageTests.xctest"
        try FileManager.default.linkItem(
            atPath: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, toPath: link)
        let run = try await Self.runTests(
            "PlantedTrapProperties/overflowingProduct", examples: examples, executable: link
        ) { started in
            try? FileManager.default.removeItem(atPath: started)
        }
        #expect(run.signal == nil && run.status != 0, "the run survives and fails:\n\(run.output)")
        #expect(
            run.output.contains("killed an earlier run, and could not be re-checked: no process could be started"),
            "\(run.output)")
        #expect(
            run.output.contains(
                "Replay: TALLY_REPLAY=\(token) "
                    + "swift test --filter TallyTests.PlantedTrapProperties/overflowingProduct\n"
            ))
        #expect(
            try String(contentsOfFile: folder + "/trap-saved.trap", encoding: .utf8) == token + "\n",
            "the case stays saved")
    }

    @Test func stateTokensRoundTripAndSayWhatIsWrong() throws {
        let start = RandomSource(seed: 42)
        let token = ReplayToken(propertyID: "claims/oop", randomStart: start)
        let text = token.description
        #expect(text.wholeMatch(of: /[0-9a-f]{8}~[0-9a-f]{70}/) != nil)
        let parsed = try ReplayToken(parsing: text)
        #expect(parsed == token && parsed.randomStart == start.state && parsed.belongs(to: "claims/oop"))
        #expect(throws: ReplayTokenError.self) { try ReplayToken(parsing: String(text.dropLast())) }
        // One digit of the state edited: another case, refused by the checksum.
        let edited =
            String(text.prefix(20)) + (text[text.index(text.startIndex, offsetBy: 20)] == "0" ? "1" : "0")
            + text.dropFirst(21)
        #expect(throws: ReplayTokenError(token: edited, reason: "its checksum does not match")) {
            try ReplayToken(parsing: edited)
        }
        // What the fatal-signal handler writes, with no String at hand, is the same text.
        var buffer = Array((token.propertyHash + "~").utf8) + Array(repeating: UInt8(0), count: 70)
        buffer.withUnsafeMutableBufferPointer { bytes in
            ReplayToken.sealRandomStart(bytes.baseAddress!, count: bytes.count) { start.state[$0] }
        }
        #expect(String(decoding: buffer, as: UTF8.self) == text)
    }

    @Test func theEngineReplaysAStateTokenAsTheCaseItStarts() async throws {
        let property = Property("below 500", Gen.int(in: 0...10_000)) { n in try ensure(n < 500, "n < 500") }
        var search = RandomSource(seed: 7)
        while true {
            let start = search
            var source = ChoiceSource(random: start)
            let value = Gen.int(in: 0...10_000).generate(&source)
            _ = search.next()
            guard value >= 500 else { continue }
            var configuration = RunConfiguration()
            configuration.exampleDirectory = nil
            configuration.replay = ReplayToken(propertyID: property.id, randomStart: start)
            // What `tally replay` and `tally promote` show for it, too.
            #expect(property.choices(of: configuration.replay!) == source.sequence)
            let example = try #require(await property.check(configuration).counterexample)
            #expect(example.value == "\(value)")
            #expect(example.token.choices == source.sequence)
            return
        }
    }

    @Test func theSearchRecordsACaseBeforeGeneratingIt() async throws {
        // What the recorder holds while a generator runs: the case a trapping generator must be saved as.
        let recorder = try #require(FlightRecorder())
        let seen = Mutex<[(state: [UInt64], value: Int)]>([])
        let cases = Gen.int(in: 0...1_000).map { n in
            seen.withLock { $0.append((Array(UnsafeBufferPointer(start: recorder.memory + 3, count: 4)), n)) }
            return n
        }
        let property = Property("recorded before generated", cases) { _ in }
        var configuration = RunConfiguration()
        configuration.iterations = 20
        configuration.exampleDirectory = nil
        configuration.flightRecorder = recorder
        _ = await property.check(configuration)
        let observed = seen.withLock { $0 }
        // The 20 cases, after the few the search draws first to learn whether the generator reads a size.
        #expect(observed.count >= 20)
        for (state, value) in observed {
            let regenerated = property.choices(regeneratedFrom: try #require(RandomSource(state: state)))
            #expect(property.describe(regenerated) == "\(value)")
        }
    }

    #if os(Linux)
    @Test func aChildThatAnswersNothingIsKilledAfterItsTimeOut() {
        let evaluator = ChildEvaluator(propertyID: "p", timeout: .milliseconds(200), startupTimeout: .milliseconds(200))
        {
            try ChildProcess(standardStreams: "/bin/sh", arguments: ["sh", "-c", "echo READY; exec sleep 30"])
        }
        let verdict = evaluator.evaluate([1, 2])
        #expect(verdict == .hung("hung: no answer within 0.2 seconds while generating the case"))
    }

    @Test func aChildKilledFromOutsideIsRetriedOnceInAFreshOne() {
        let starts = Mutex(0)
        let evaluator = ChildEvaluator(propertyID: "p", timeout: .seconds(30), startupTimeout: .seconds(30)) {
            starts.withLock { $0 += 1 }
            return try ChildProcess(standardStreams: "/bin/sh", arguments: ["sh", "-c", "echo READY; kill -9 $$"])
        }
        let verdict = evaluator.evaluate([1])
        #expect(verdict == .crashed("crashed with signal 9 (SIGKILL) while generating the case"))
        #expect(starts.withLock { $0 } == 2)
    }
    #endif
}
