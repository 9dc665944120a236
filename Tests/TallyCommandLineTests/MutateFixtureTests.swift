import Foundation
import TallyTestSupport
import Testing

/// `tally mutate` end to end on a tiny engine (Tests/Fixtures/MutationFixture): bus fares whose
/// table lacks the rows at the age limits and whose one test pins the half fare, a count of rides
/// whose mutants loop forever, and a ticket
/// whose `x != nil` and string `+` mutants must compile; and laps of a track, which only its tests judge,
/// whose loops' mutants hang them. The spec and the Laps tests are the targets `Fares-Spec` and `Laps-Tests`,
/// whose modules are `Fares_Spec` and `Laps_Tests`: tally must find their properties and tests by module, or
/// the spec judges nothing and no test reaches a mutant of Laps. It builds a package of its own (a minute or
/// two), so it runs when TALLY_MUTATE_FIXTURE=1, as `.ci/run` sets it, and not in the default
/// `swift test`; the steps share that one build.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_MUTATE_FIXTURE"] == "1",
        """
        builds a package of its own (a minute or two); run it with \
        TALLY_MUTATE_FIXTURE=1 swift test --filter MutateFixtureTests, as .ci/run does
        """
    ))
struct MutateFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A copy of the fixture with Tally's own sources beside it, in a fresh temporary folder.
    static func fixture() throws -> String {
        let folder = NSTemporaryDirectory() + "tally-mutate-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: root + "/Tests/Fixtures/MutationFixture", toPath: folder)
        for target in ["Tally", "TallyTables", "DollarText", "TallyCommandLine"] {
            try FileManager.default.copyItem(atPath: root + "/Sources/" + target, toPath: folder + "/Sources/" + target)
        }
        return folder
    }

    /// A `tally` run to its end (or stopped after `seconds`): its status and both its streams, all of
    /// which a failure shows — the reason a run failed is often on standard error alone.
    struct Run: CustomStringConvertible {
        var status: Int32
        var out: String
        var err: String
        var endedBySignal: Bool
        var stillRunning: Bool

        var description: String {
            (stillRunning
                ? "still running after the test's wait, then killed"
                : endedBySignal ? "ended by signal \(status)" : "exit status \(status)")
                + "\n--- standard output ---\n\(out)\n--- standard error ---\n\(err)"
        }
    }

    /// Runs the built `tally` with `arguments` in `folder`, with `environment` added, for at most `seconds`.
    static func tally(
        _ arguments: [String], in folder: String, environment: [String: String] = [:], seconds: Double = 600
    ) async throws -> Run {
        let tally = try WatchedProcess(arguments, in: folder, environment: environment)
        defer { tally.stop() }
        let ended = await tally.waitForEnd(seconds: seconds)
        return Run(
            status: tally.status, out: tally.standardOutput, err: tally.standardError,
            endedBySignal: tally.endedBySignal,
            stillRunning: !ended)
    }

    @Test func survivorsUntilRowsKillThemThenStoppedAndKilledRunsLoseNothingAndLeaveNoProcess() async throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await aPlantedSurvivorIsNamedByItsLineUntilTableRowsKillIt(folder)
        try await sigintStopsWithinSecondsKeepsWhatWasJudgedAndTheNextRunResumes(folder)
        try await sigkillLeavesNoWorkerSpinningInAMutantThatLoopsForever(folder)
        try await sigintDuringTheBuildStopsSwiftBuildAndItsCompilers(folder)
        try await aTestThatHangsWithoutAnyMutantStopsTheRunNamingIt(folder)
        try await aMutantThatHangsATestIsKilledByATimeOutNamingTheTest(folder)
    }

    func aPlantedSurvivorIsNamedByItsLineUntilTableRowsKillIt(_ folder: String) async throws {
        let first = try await Self.tally(["mutate", "--report", "mutants.json"], in: folder)
        #expect(first.status == 1, "a survivor exits 1: \(first)")
        // The rows at the age limits are missing; the package's one test pins the half fare from 65,
        // so the mutants of that limit are killed by the test, and only the free limit's survives.
        #expect(
            first.out.contains(
                """
                  ✘ Sources/Fares/Fares.swift:8:18  integer literal  `5` → `4`  (reached by 1 test; none failed)
                      - if age < 5 { return 0 }
                      + if age < 4 { return 0 }
                """), "\(first)")
        #expect(first.out.contains("Fares: 53 mutants, 52 killed ("), "\(first)")
        #expect(first.out.contains(", 3 by tests"), "\(first)")
        #expect(!first.out.contains("did not compile"), "x != nil of a Pass? and + of strings compile: \(first)")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/mutants.json")))
            as? [String: Any]
        let mutants = report?["mutants"] as? [[String: Any]] ?? []
        let survivors = mutants.filter { $0["status"] as? String == "survived" }.compactMap { $0["key"] as? String }
        #expect(survivors == ["Sources/Fares/Fares.swift:8:18 5 → 4"])
        let byTest = mutants.filter { ($0["by"] as? [String])?.first == "test theHalfFareStartsAt65()" }.compactMap {
            $0["key"] as? String
        }
        #expect(
            byTest == [
                "Sources/Fares/Fares.swift:9:16 >= → >", "Sources/Fares/Fares.swift:9:19 65 → 64",
                "Sources/Fares/Fares.swift:9:19 65 → 66",
            ], "each killed mutant names what killed it")
        let ticket = mutants.filter { ($0["line"] as? Int) == 28 && $0["operator"] as? String != "trivial return" }.map
        { "\($0["key"] ?? "") \($0["status"] ?? "")" }
        #expect(
            ticket == [
                "Sources/Fares/Fares.swift:28:21 != → == killed", "Sources/Fares/Fares.swift:28:30 name → mark killed",
                "Sources/Fares/Fares.swift:28:35 + → - killed", "Sources/Fares/Fares.swift:28:37 mark → name killed",
                "Sources/Fares/Fares.swift:28:44 name → mark killed",
            ], "the name and the mark, both strings, mixed up: each mutant compiles and is killed")
        #expect(
            mutants.contains {
                $0["key"] as? String == "Sources/Fares/Fares.swift:19:20 += → -="
                    && $0["status"] as? String == "timed out"
            })
        #expect(
            !mutants.contains { $0["line"] as? Int == 4 },
            "line 4 holds operators only in a string and a comment: never mutated")

        // The rows the survivors ask for: the ages at both limits. Only the table changed, so the
        // cached build is reused and every mutant runs again.
        let table = folder + "/Tables/fares/riders.csv"
        let rows =
            "four,4,$2.00,$0.00,Under 5 is free up to the day before the fifth birthday.\n"
            + "sixty-four,64,$2.00,$2.00,The half fare starts at 65.\n"
            + "sixty-five,65,$2.00,$1.00,From 65 (inclusive) riders pay half.\n"
        try (String(contentsOfFile: table, encoding: .utf8) + rows).write(
            toFile: table, atomically: true, encoding: .utf8)
        let second = try await Self.tally(["mutate"], in: folder)
        #expect(second.status == 0, "\(second)")
        #expect(second.out.contains("Mutation score: 100.0% (53 of 53 killed)"), "\(second)")
    }

    /// SIGINT while mutants run, one at a time (a mutant that loops forever takes its whole time limit):
    /// tally stops within seconds, exits 130 with the mutants not run listed as such, leaves no
    /// worker, and has cached what it judged, so the next run judges only the rest.
    func sigintStopsWithinSecondsKeepsWhatWasJudgedAndTheNextRunResumes(_ folder: String) async throws {
        try FileManager.default.removeItem(atPath: folder + "/.tally/mutate/results.json")
        let tally = try WatchedProcess(["mutate", "--jobs", "1"], in: folder)
        defer { tally.stop() }
        let stopped = try #require(
            await tally.stop(by: SIGINT, once: { tally.child("mutate-worker") }, after: 2), "\(tally.standardOutput)")
        #expect(stopped.seconds < Patience.toStop, "stopped \(stopped.seconds) s after SIGINT")
        #expect(!tally.endedBySignal && tally.status == 130, "\(tally.standardOutput)\n\(tally.standardError)")
        #expect(
            tally.standardError.contains(
                "mutate: SIGINT: stopping; the results of the mutants judged are kept for the next run"))
        #expect(
            tally.standardOutput.contains(
                " of 53 mutants (the run was stopped by SIGINT). The results of the others are cached"))
        #expect(tally.standardOutput.contains("Mutation score so far (incomplete): "))
        #expect(Self.workers(in: folder).isEmpty, "a worker outlived tally: \(Self.workers(in: folder))")
        let cached =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/.tally/mutate/results.json"))) as? [String: Any]
        let judged = cached?.count ?? 0
        #expect(judged > 0 && judged < 53, "\(judged) results cached")

        let resumed = try await Self.tally(["mutate"], in: folder)
        #expect(resumed.status == 0, "\(resumed)")
        #expect(resumed.out.contains(", \(judged) from cache"), "\(resumed)")
        #expect(resumed.out.contains("Mutation score: 100.0% (53 of 53 killed)"), "\(resumed)")
    }

    /// SIGKILL while a worker spins in a mutant that loops forever (`ridden += 1` → `ridden -= 1`): the
    /// worker dies with tally instead of spinning on as an orphan.
    func sigkillLeavesNoWorkerSpinningInAMutantThatLoopsForever(_ folder: String) async throws {
        try FileManager.default.removeItem(atPath: folder + "/.tally/mutate/results.json")
        let tally = try WatchedProcess(["mutate", "--jobs", "1"], in: folder)
        defer { tally.stop() }
        // The worker that has spun for half a second of processor is in a mutant that loops.
        let killed = await tally.stop(
            by: SIGKILL,
            once: {
                ProcessTable.children(of: tally.pid).first {
                    ProcessTable.commandLine($0).contains("mutate-worker") && ProcessTable.cpuTicks($0) > 50
                }
            })
        let worker = try #require(killed?.found, "no worker spun in a mutant that loops: \(tally.standardOutput)")
        #expect(killed?.seconds.isFinite == true)
        #expect(await ProcessTable.waitForEnd(of: worker), "mutate-worker \(worker) still runs after tally was killed")
        if ProcessTable.isAlive(worker) { kill(worker, SIGKILL) }
        #expect(Self.workers(in: folder).isEmpty)
    }

    /// SIGINT while `swift build` compiles the scratch copy (a source of Tally changed): the build and
    /// its compilers stop with tally, which says so and exits 130.
    func sigintDuringTheBuildStopsSwiftBuildAndItsCompilers(_ folder: String) async throws {
        let source = folder + "/Sources/Tally/Isolation/ChildRun.swift"
        try (String(contentsOfFile: source, encoding: .utf8) + "// changed, so that the scratch copy is built again\n")
            .write(toFile: source, atomically: true, encoding: .utf8)
        let tally = try WatchedProcess(["mutate"], in: folder)
        defer { tally.stop() }
        // The scratch build of one changed file may take only a second or two: stop it while a
        // compiler of it runs, rather than after a fixed wait it may have finished within.
        let stopped = try #require(
            await tally.stop(
                by: SIGINT,
                once: {
                    tally.child("swift-build") != nil
                        && Self.processes(in: folder + "/.tally/mutate").contains {
                            ProcessTable.commandLine($0).contains("swift-frontend")
                        } ? true : nil
                }), "\(tally.standardOutput)")
        #expect(stopped.seconds < Patience.toStop, "stopped \(stopped.seconds) s after SIGINT")
        #expect(
            tally.status == 130 && tally.standardOutput.contains("Build stopped by SIGINT after "),
            "\(tally.standardOutput)")
        _ = await Patience.poll(
            until: { Self.processes(in: folder + "/.tally/mutate").isEmpty ? true : nil }, seconds: Patience.toStop)
        #expect(
            Self.processes(in: folder + "/.tally/mutate").isEmpty,
            "still running: \(Self.processes(in: folder + "/.tally/mutate").map(ProcessTable.commandLine))")
    }

    /// A test that hangs without any mutant (planted in the fixture's `Laps-Tests`, enabled by
    /// `LAPS_PLANTED_HANG`): before, the run that finds which tests reach each mutant waited for it for
    /// ever, and `tally mutate` with it. Now that run is stopped once no test has started or ended for
    /// the quiet limit (set low here), and `tally mutate` fails naming the test, the command that shows
    /// the hang and the one that gives it longer; no mutant is reported as one no test reaches.
    func aTestThatHangsWithoutAnyMutantStopsTheRunNamingIt(_ folder: String) async throws {
        let run = try await Self.tally(
            ["mutate", "Laps"], in: folder, environment: [Self.quietLimit: "5s", "LAPS_PLANTED_HANG": "1"], seconds: 300
        )
        #expect(run.status == 1 && !run.stillRunning, "\(run)")
        #expect(
            run.err.contains(
                """
                tally mutate: error: the package's tests hang without any mutant: the run that finds which tests \
                reach each mutant was stopped after no test started or ended for 5s, while \
                Laps_Tests.waitsForAStartThatNeverComes() \
                (Laps_Tests/LapsTests.swift:13) still ran, so no mutant can be judged by them.
                A test that hangs hangs swift test too: \
                `swift test --filter Laps_Tests.waitsForAStartThatNeverComes` shows it. \
                A test that only needs longer gets it with `TALLY_TEST_HANG_TIMEOUT=20s
                """), "\(run)")
        #expect(run.err.contains(" swift run tally mutate Laps`.\n"), "the same command, with the longer limit: \(run)")
        #expect(!run.out.contains("no test reaches it"), "\(run)")
    }

    /// A mutant that makes the one test reaching it loop forever — `lap += 1` → `lap -= 1`, reached by a
    /// Swift Testing test, and `left -= length` → `left += length`, reached by an XCTest case only. Before,
    /// it ran to the time limit and said only "while running the 1 test that reach it". Now it is killed
    /// by a time-out (as PIT counts TIMED_OUT as detected) once no test has started or ended for the quiet
    /// limit, naming the test that hung, in the reports as on the console's count.
    func aMutantThatHangsATestIsKilledByATimeOutNamingTheTest(_ folder: String) async throws {
        // 4s: below the time limit, twice the unmutated tests' time plus 5 s, so that the quiet limit stops them.
        let run = try await Self.tally(
            ["mutate", "Laps", "--report", "laps.json", "--report", "laps.md"], in: folder,
            environment: [Self.quietLimit: "4s"], seconds: 300)
        // Every mutant is killed: the ten that loop forever by a time-out, the others by a failing test.
        #expect(run.status == 0 && !run.stillRunning, "\(run)")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/laps.json")))
            as? [String: Any]
        let mutants = report?["mutants"] as? [[String: Any]] ?? []
        let outcomes = Dictionary(
            mutants.compactMap { mutant in
                (mutant["key"] as? String).map {
                    ($0, "\(mutant["status"] ?? "") by \((mutant["by"] as? [String]) ?? [])")
                }
            }
        ) { first, _ in first }
        #expect(
            outcomes["Sources/Laps/Laps.swift:10:17 += → -="]
                == "timed out by [\"test Laps_Tests.distanceAddsTheLaps() "
                + "(Laps_Tests/LapsTests.swift:6) did not end: no test started or ended for 4s\"]",
            "\(outcomes)\n\(run)")
        #expect(
            outcomes["Sources/Laps/Laps.swift:20:18 -= → +="]
                == "timed out by [\"test Laps_Tests.WholeLapsTests/testWholeLapsLeaveTheRestOut "
                + "did not end: no test started or ended for 4s\"]", "\(outcomes)\n\(run)")
        let markdown = (try? String(contentsOfFile: folder + "/laps.md", encoding: .utf8)) ?? ""
        #expect(
            markdown.contains(
                "| ✅ timed out | test Laps_Tests.distanceAddsTheLaps() (Laps_Tests/LapsTests.swift:6) did not end: "),
            "\(markdown)")
        #expect(run.out.contains(" by time-out or crash), 0 survived: 100.0%"), "\(run)")
    }

    /// The variable that sets how long a run of the tests may go with no test starting or ending.
    static let quietLimit = "TALLY_TEST_HANG_TIMEOUT"

    /// The `mutate-worker` processes of the fixture's scratch build still alive.
    static func workers(in folder: String) -> [pid_t] {
        processes(in: folder).filter { ProcessTable.commandLine($0).contains("mutate-worker") }
    }

    /// The processes alive whose command line names `folder`.
    static func processes(in folder: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter {
            ProcessTable.isAlive($0) && ProcessTable.commandLine($0).contains(folder)
        }
    }
}
