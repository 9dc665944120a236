import Foundation
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The package's tests, Swift Testing's and XCTest's, as a judge of mutants: what a run of them says, read back. The
/// whole path — a test killing mutants the table misses, the one no test notices — runs in MutateFixtureTests.
@Suite struct MutationTestsTests {
    static let mutant = Mutant(
        id: 7, target: "Fares", file: "Sources/Fares/Fares.swift", line: 8, column: 18, kind: .integerLiteral,
        original: "5", mutated: "4", before: [], after: [])

    @Test func aMutantNoTestReachesSaysSoWithoutRunningAnything() throws {
        let tests = MutationTests(
            binary: TestBinary(path: "/nonexistent"), modules: ["FaresTests"], reach: [8: ["FaresTests.price()"]],
            seconds: 0,
            quietLimit: 1, folder: "/nonexistent")
        let outcome = try tests.judge(Self.mutant, timeLimit: 1)
        #expect(outcome == MutantOutcome(status: .survived, by: ["no test reaches it"]))
    }

    /// A mutant under which the XCTest case that reaches it hangs (a script stands in for the test
    /// binary): killed by a time-out naming the case, whether the run went quiet or ran past its time limit.
    @Test func aMutantThatHangsATestIsTimedOutNamingTheTestThatDidNotEnd() throws {
        try withTemporaryFolder { folder in
            let binary = folder + "/Fares.xctest"
            try writeExecutableScript(
                """
                #!/bin/sh
                echo "Test Case 'HalfFareTests.testWaits' started at 2026-11-29 04:05:17.013"
                exec sleep 30
                """, to: binary)
            let judge = { (quietLimit: Double, timeLimit: Double) in
                try MutationTests(
                    binary: TestBinary(path: binary), modules: ["FaresTests"],
                    xctests: ["FaresTests.HalfFareTests/testWaits"],
                    reach: [7: ["xctest:FaresTests.HalfFareTests/testWaits"]], seconds: 0, quietLimit: quietLimit,
                    folder: folder
                )
                .judge(Self.mutant, timeLimit: timeLimit)
            }
            let quiet = try judge(0.5, 30)
            #expect(quiet.status == .timedOut && quiet.isKilled)
            #expect(
                quiet.by == ["test FaresTests.HalfFareTests/testWaits did not end: no test started or ended for 500ms"])
            let late = try judge(30, 0.5)
            #expect(
                late.by == [
                    "test FaresTests.HalfFareTests/testWaits did not end: still running at the time limit of 0.5 s"
                ])
        }
    }

    /// A Swift Testing test of the module `Fares_Tests` (the target `Fares-Tests`), as the reaching run names it.
    static let halfFare = "Fares_Tests.halfFare()/FaresTests.swift:3:2"

    /// A script standing in for the test binary under Swift Testing: it writes, to the event stream it is
    /// given, that `started` started, prints `printed` and exits with `status`.
    static func swiftTestingBinary(in folder: String, started: [String], printed: String = "", status: Int32) throws
        -> TestBinary
    {
        let records = started.map { id in
            #"{"kind":"test","payload":{"kind":"function","id":"\#(id)"}}"# + "\n"
                + #"{"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)"}}"#
        }
        try writeExecutableScript(
            """
            #!/bin/sh
            while [ "$1" != "--event-stream-output-path" ]; do shift; done
            printf '%s\\n' \(records.map { "'\($0)'" }.joined(separator: " ")) > "$2"
            echo "\(printed)"
            exit \(status)
            """, to: folder + "/Fares.xctest")
        return TestBinary(path: folder + "/Fares.xctest")
    }

    /// A filter that matches no test runs none: Swift Testing then exits 69, which is not a failing test.
    /// Before, that status counted the mutant killed — a false green for every mutant, had the test ids and
    /// the filters ever disagreed (as module and target names did). Now the mutant is not judged, and why is said.
    @Test func aSwiftTestingRunThatStartedNoTestKillsNothing() throws {
        try withTemporaryFolder { folder in
            let judge = { (binary: TestBinary) in
                try MutationTests(
                    binary: binary, modules: ["Fares_Tests"], swiftTestingCount: 1, reach: [7: [Self.halfFare]],
                    seconds: 0,
                    quietLimit: 30, folder: folder
                ).judge(Self.mutant, timeLimit: 30)
            }
            let error = #expect(throws: MutationError.self) {
                try judge(Self.swiftTestingBinary(in: folder, started: [], status: 69))
            }
            #expect(
                error?.description == "the test binary ran no test it was asked for to judge mutant "
                    + "Sources/Fares/Fares.swift:8:18 5 → 4 "
                    + "(exit status 69; not run: \(Self.halfFare)), so it did not judge it",
                "\(String(describing: error))")
            let failed = "✘ Test halfFare() failed after 0.003 seconds with 1 issue."
            let killed = try judge(
                Self.swiftTestingBinary(in: folder, started: [Self.halfFare], printed: failed, status: 1))
            #expect(
                killed == MutantOutcome(status: .killed, by: ["test halfFare()"], seconds: killed.seconds),
                "a test that ran and failed still kills")
        }
    }

    /// XCTest given a name it does not know runs nothing and exits 0: before, the mutant survived, "reached by
    /// 2 tests; none failed", though one of them never ran. Now it is not judged, naming the test not run.
    @Test func anXCTestRunThatDidNotRunEveryCaseItWasGivenLetsNothingSurvive() throws {
        try withTemporaryFolder { folder in
            let binary = folder + "/Fares.xctest"
            try writeExecutableScript(
                """
                #!/bin/sh
                echo "Test Case 'HalfFareTests.testHalf' started at 2026-11-29 04:05:17.013"
                echo "Test Case 'HalfFareTests.testHalf' passed (0.001 seconds)"
                echo "	 Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds"
                """, to: binary)
            let cases = ["Fares_Tests.HalfFareTests/testHalf", "Fares_Tests.HalfFareTests/testFree"]
            let tests = MutationTests(
                binary: TestBinary(path: binary), modules: ["Fares_Tests"], xctests: cases,
                reach: [7: Set(cases.map { MutationTests.xctestPrefix + $0 })], seconds: 0, quietLimit: 30,
                folder: folder)
            let error = #expect(throws: MutationError.self) { try tests.judge(Self.mutant, timeLimit: 30) }
            #expect(
                error?.description.contains("ran not all the tests it was asked for") == true,
                "\(String(describing: error))")
            #expect(
                error?.description.contains("not run: Fares_Tests.HalfFareTests/testFree)") == true,
                "\(String(describing: error))")
        }
    }

    /// A test target whose module the test binary lists no test of (its tests all left out of this
    /// platform's build, say) judges nothing: it is named in a note, and the other targets still judge.
    @Test func aModuleWithNoTestInTheBinaryIsNamedAndJudgesNothing() {
        let tests = ["Shop_Tests.one()/a.swift:3:2", "Shop_Tests.K/testA", "Shop_TestsMore.two()/b.swift:1:2"]
        #expect(MutationTests.idle(["Shop_Tests", "Shop_TestsMore"], among: tests).isEmpty)
        #expect(
            MutationTests.idle(["Shop_Test", "Shop_Tests", "Mac_Tests"], among: tests) == ["Shop_Test", "Mac_Tests"])
        let binary = TestBinary(path: "/p/.build/debug/ShopPackageTests.xctest")
        let judging = MutationTests(
            binary: binary, modules: ["Shop_Tests"], reach: [:], seconds: 1, quietLimit: 1, folder: "/p")
        #expect(judging.idleNote == nil)
        var idle = judging
        idle.idleModules = ["Mac_Tests"]
        #expect(
            idle.idleNote
                == "The test binary /p/.build/debug/ShopPackageTests.xctest lists no test of Mac_Tests, "
                + "so it judges no mutant; `swift test list` shows the tests it holds")
    }

    @Test func eachFailingTestIsNamedAndTheRunsTotalIsNot() {
        let output = """
            ◇ Test halfFare() started.
            ✘ Test halfFare() recorded an issue at FaresTests.swift:7:5: Expectation failed: \
            (price(age: 65) → 200) == 100
            ✘ Test halfFare() failed after 0.003 seconds with 1 issue.
            ✘ Test freeUnder5(age:) failed after 0.004 seconds with 2 issues.
            ✘ Test run with 3 tests in 0 suites failed after 0.005 seconds with 3 issues.
            Test Case 'RoundingTests.testHalfACentRoundsUp' started at 2026-11-29 04:05:17.012
            /p/Tests/CheckoutTests/RoundingTests.swift:8: error: \
            RoundingTests.testHalfACentRoundsUp : XCTAssertEqual failed
            Test Case 'RoundingTests.testHalfACentRoundsUp' failed (0.003 seconds)
            """
        #expect(
            MutationTests.failingTests(in: output) == [
                "test halfFare()", "test freeUnder5(age:)", "test RoundingTests.testHalfACentRoundsUp",
            ])
    }

    /// `TALLY_MUTATE_TESTS=off` is how Scripts/mutate-timing.sh times a run without the tests; any other
    /// value is refused, so a misspelt `of` does not time the tests as if they were left out.
    @Test func onlyOffLeavesTheTestsOutOfTheJudging() throws {
        #expect(try MutateCommand.testsJudge([:]))
        #expect(try !MutateCommand.testsJudge(["TALLY_MUTATE_TESTS": "off"]))
        let error = try #require(throws: UsageError.self) { try MutateCommand.testsJudge(["TALLY_MUTATE_TESTS": "of"]) }
        #expect("\(error)".contains("TALLY_MUTATE_TESTS=of: expected off"), "\(error)")
    }
}
