import Foundation
import Synchronization
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// `tally fuzz` and `tally replay` over the properties of a package's tests: found by one run of the
/// test binary, fuzzed in worker processes that are the test binary. Here the package is Tally's own
/// tests, whose planted properties run only in the children these tests start.
@Suite struct TestPropertiesTests {
    static let binary = TestBinary(path: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
    static let planted = ["TALLY_PLANTED_TRAP": "1"]

    /// The properties the tests matching `filter` hold, as a survey run of this binary finds them.
    static func survey(_ filter: String) throws -> (entries: [PropertySurvey.Entry], run: ChildRun) {
        try withTemporaryFolder { folder in
            let file = folder + "/survey.jsonl"
            let run = try ChildRun.run(
                [binary.path, "--testing-library", "swift-testing", "--filter", filter],
                environment: planted.merging([PropertySurvey.variable: file]) { $1 })
            return (PropertySurvey.entries(in: (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""), run)
        }
    }

    /// Fuzzes the one property of `entry`'s test for `cases` cases, saving into a temporary folder.
    static func fuzz(_ entry: PropertySurvey.Entry, cases: Int) -> FuzzPropertyOutcome {
        withTemporaryFolder { folder in
            let budget = FuzzBudget(seconds: nil)
            let job = FuzzJob(
                worker: .test(binary: binary, testID: entry.testID, environment: planted), propertyID: entry.id,
                name: entry.filter,
                seed: 1, caseLimit: cases, caseTimeout: 10, board: FuzzBoard(names: [entry.filter], budget: budget),
                budget: budget,
                exampleDirectory: folder)
            return job.run(share: nil)
        }
    }

    @Test func aTestRunNamesItsPropertiesWithoutSearchingThem() throws {
        let (entries, run) = try Self.survey("PlantedTestProperties")
        try #require(entries.count == 1)
        #expect(entries[0].id == "TallyCommandLineTests/PlantedTestProperties.swift/sharesRoundedSeparately()")
        #expect(entries[0].place == "TallyCommandLineTests/PlantedTestProperties.swift:16")
        #expect(entries[0].aliases == ["sharesRoundedSeparately"])
        #expect(entries[0].testID.hasPrefix("TallyCommandLineTests.PlantedTestProperties/sharesRoundedSeparately()"))
        // The property fails whenever it runs: a green run is one that only found it.
        #expect(run.succeeded, "\(run.output.suffix(2_000))")
    }

    @Test func aForAllInATestIsFuzzedInTheTestBinaryAndShrunkToTheCent() throws {
        let entry = try #require(try Self.survey("PlantedTestProperties").entries.first)
        let outcome = Self.fuzz(entry, cases: 5_000)
        let finding = try #require(outcome.finding, "\(outcome)")
        #expect(finding.kind == .failure)
        // One cent at 50%, the least case: the shares add up to 2 cents.
        #expect(finding.value == "(1, 50)")
        #expect(finding.failure.contains("(pay + discount → 2) == (cents → 1)"))
        #expect(try ReplayToken(parsing: finding.token).belongs(to: entry.id))
        #expect(finding.savedPath != nil, "saved where the next swift test replays it first")
    }

    /// `tally replay TOKEN` for a token of a test's property: that one test runs with the token, as the
    /// printed `TALLY_REPLAY=… swift test --filter …` line would, and prints the counterexample.
    @Test func aTokenOfATestsPropertyReplaysInItsTest() throws {
        let entry = try #require(try Self.survey("PlantedTestProperties").entries.first)
        let found = try #require(Self.fuzz(entry, cases: 5_000).finding)
        let token = try ReplayToken(parsing: found.token)
        let printed = Mutex<[String]>([])
        let console = Console(out: { line in printed.withLock { $0.append(line) } }, err: { _ in })
        let status = try ReplayCommand.replay(
            token, inTest: entry, of: Self.binary, console: console, environment: Self.planted)
        let output = printed.withLock { $0 }.joined(separator: "\n")
        #expect(status == 1, "the case still fails: \(output)")
        #expect(
            output.contains(
                "as TALLY_REPLAY=\(token) "
                    + "swift test --filter TallyCommandLineTests.PlantedTestProperties/sharesRoundedSeparately does:"
            ))
        #expect(output.contains("\n    (1, 50)\n"), "\(output)")
        #expect(output.contains("failed replaying \(token)"), "\(output)")
    }

    @Test func aTrapInATestsPropertyIsRecoveredAndShrunkInTheTestBinary() throws {
        let entry = try #require(try Self.survey("PlantedTrapProperties/overflowingProduct").entries.first)
        let outcome = Self.fuzz(entry, cases: 5_000)
        let finding = try #require(outcome.finding, "\(outcome)")
        // A crash, of a case that overflows (n ≥ 715_828); how far shrinking in child processes gets within its
        // 30 s depends on the machine's load, and TrapRecoveryTests pins that it reaches the least such n.
        #expect(finding.kind == .crash)
        // The runtime's own words come from a replay with backtraces, which a loaded machine may not reach in time.
        #expect(finding.failure.contains("overflow") || finding.failure.contains("SIGILL"), "\(finding.failure)")
        #expect((Int(finding.value) ?? 0) >= 715_828, "\(finding.value)")
    }

    /// `--property` names a test's property by its test, its function or its id; a name that matches
    /// nothing is refused with the names the tests hold.
    @Test func aTestsPropertyIsSelectedByItsTestsName() throws {
        let entry = PropertySurvey.Entry(
            id: "ShopTests/DiscountTests.swift/payAndDiscountAddUp()", aliases: ["payAndDiscountAddUp"],
            testID: "ShopTests.payAndDiscountAddUp()/DiscountTests.swift:5:2", filter: "ShopTests.payAndDiscountAddUp",
            place: "ShopTests/DiscountTests.swift:6")
        let tests = TestProperties(binary: Self.binary, entries: [entry], incomplete: nil)
        let catalog = TallyCatalog(propertySuites: [], tableSuites: [])
        for name in ["ShopTests.payAndDiscountAddUp", "payAndDiscountAddUp", entry.id] {
            let settings = try FuzzSettings(
                CommandLineArguments(["--property", name], command: FuzzCommand.description), catalog: catalog,
                tests: tests, command: FuzzCommand.description)
            #expect(
                settings.selected.map(\.name) == ["ShopTests.payAndDiscountAddUp (ShopTests/DiscountTests.swift:6)"],
                "\(name)")
        }
        #expect(throws: UsageError.self) {
            try FuzzSettings(
                CommandLineArguments(["--property", "payAndDiscount"], command: FuzzCommand.description),
                catalog: catalog,
                tests: tests, command: FuzzCommand.description)
        }
    }

    /// Before, a test run that crashed part of the way through only left a note: the properties of the
    /// tests after the crash were neither found nor fuzzed, and the fuzz could still exit 0.
    @Test func aSurveyEndedByASignalMakesTheFuzzNotGreen() throws {
        try withTemporaryFolder { root in
            let binary = root + "/Crashing.xctest"
            try writeExecutableScript("#!/bin/sh\nkill -9 $$\n", to: binary)
            let console = Console(out: { _ in }, err: { _ in })
            let found = try TestProperties.survey(TestBinary(path: binary), root: root, console: console)
            #expect(
                found.incomplete == "the test run that finds them ended with signal 9 (SIGKILL) part of the way through"
            )
            let passed = FuzzPropertyOutcome(name: "toy/ran", cases: 10, seconds: 1)
            #expect(FuzzCommand.exitStatus([passed], stopSignal: nil) == 0)
            #expect(FuzzCommand.exitStatus([passed], stopSignal: nil, unsurveyed: found.incomplete) == 1)
        }
    }

    /// Before, a test that hangs hung the run that finds the properties, and `tally fuzz` with it, for
    /// ever. Now the run is stopped once no test has started or ended for the quiet limit: the property
    /// met before is kept, the test still running is named with the command that shows it, the fuzz is
    /// not green, and nothing is kept for the next command, which runs the tests again.
    @Test func aSurveyThatGoesQuietIsStoppedNamingTheTestStillRunning() throws {
        try withTemporaryFolder { root in
            let console = Console(out: { _ in }, err: { _ in })
            // Long enough for a loaded machine to start the binary and end the property's test.
            let quiet = 8.0
            let found = try TestProperties.survey(
                Self.binary, root: root, console: console,
                filters: ["--filter", "PlantedTestProperties", "--filter", "PlantedSurveyHang"],
                environment: Self.planted, quietLimit: quiet)
            #expect(found.entries.map(\.aliases) == [["sharesRoundedSeparately"]])
            let incomplete = try #require(found.incomplete)
            #expect(
                incomplete == "the test run that finds them was stopped after no test started or ended for 8s, while "
                    + "TallyCommandLineTests.PlantedSurveyHang/neverEnds() "
                    + "(TallyCommandLineTests/PlantedSurveyHang.swift:20) still ran"
            )
            #expect(
                found.remedy(again: "TALLY_TEST_HANG_TIMEOUT=32s swift run shop fuzz")
                    == "A test that hangs hangs swift test too: "
                    + "`swift test --filter TallyCommandLineTests.PlantedSurveyHang/neverEnds` shows it. "
                    + "A test that only needs longer gets it with `TALLY_TEST_HANG_TIMEOUT=32s swift run shop fuzz`.")
            #expect(found.stalled?.longerLimit == "32s")
            #expect(
                !FileManager.default.fileExists(atPath: root + "/.tally/survey/properties.json"),
                "a run stopped for time is not kept")
            let passed = FuzzPropertyOutcome(name: "toy/ran", cases: 10, seconds: 1)
            #expect(FuzzCommand.exitStatus([passed], stopSignal: nil, unsurveyed: found.incomplete) == 1)
        }
    }

    /// A run that ends without Swift Testing's account of its end (a test that calls `exit(0)`, a
    /// binary that refuses the survey's arguments) missed every property after: it is not complete,
    /// though its status is 0.
    @Test func aSurveyThatEndsBeforeTheRunsEndIsIncomplete() throws {
        try withTemporaryFolder { root in
            let binary = root + "/Quitting.xctest"
            try writeExecutableScript("#!/bin/sh\nexit 0\n", to: binary)
            let found = try TestProperties.survey(
                TestBinary(path: binary), root: root, console: Console(out: { _ in }, err: { _ in }))
            #expect(found.incomplete == "the test run that finds them ended with exit status 0 part of the way through")
            #expect(found.remedy(again: nil) == nil)
        }
    }

    /// A test target that reaches no module of Tally cannot hold a property: the survey leaves its tests,
    /// slow or not, unrun. One that reaches Tally through a helper library is run, by its module's name.
    @Test func onlyTheTestTargetsThatReachTallyAreSurveyed() throws {
        let described = """
            Fetching …
            {"path": "/shop", "targets": [
              {"name": "Shop-Tests", "c99name": "Shop_Tests", "type": "test", "path": "Tests/Shop-Tests", \
            "product_dependencies": ["Tally"]},
              {"name": "Helpers", "c99name": "Helpers", "type": "library", "path": "Sources/Helpers", \
            "product_dependencies": ["Tally"]},
              {"name": "UITests", "c99name": "UITests", "type": "test", "path": "Tests/UITests", \
            "target_dependencies": ["Helpers"]},
              {"name": "PlainTests", "c99name": "PlainTests", "type": "test", "path": "Tests/PlainTests", \
            "target_dependencies": ["Shop"]},
              {"name": "Shop", "c99name": "Shop", "type": "library", "path": "Sources/Shop"}]}
            """
        #expect(
            try PackageTargets.reading(describeOutput: described).testModulesUsingTally() == ["Shop_Tests", "UITests"])
    }

    @Test func theSurveyFileKeepsEachPropertyOnce() {
        let entry = PropertySurvey.Entry(id: "p", aliases: [], testID: "T/p()", filter: "T/p", place: "T.swift:1")
        let line = String(decoding: try! JSONEncoder().encode(entry), as: UTF8.self)
        #expect(PropertySurvey.entries(in: [line, "not json", line].joined(separator: "\n")) == [entry])
    }
}
