import Foundation
@testable import TallyCommandLine
import TallyTestSupport
import Testing

/// The package's tests, Swift Testing's and XCTest's, as a judge of mutants: what a run of them says, read back. The whole path — a
/// test killing mutants the table misses, the one no test notices — runs in MutateFixtureTests.
@Suite struct MutationTestsTests {
    static let mutant = Mutant(id: 7, target: "Fares", file: "Sources/Fares/Fares.swift", line: 8, column: 18, kind: .integerLiteral,
                               original: "5", mutated: "4", before: [], after: [])

    @Test func aMutantNoTestReachesSaysSoWithoutRunningAnything() throws {
        let tests = MutationTests(binary: TestBinary(path: "/nonexistent"), modules: ["FaresTests"], reach: [8: ["FaresTests.price()"]], seconds: 0,
                                  quietLimit: 1, folder: "/nonexistent")
        let outcome = try tests.judge(Self.mutant, timeLimit: 1)
        #expect(outcome == MutantOutcome(status: .survived, by: ["no test reaches it"]))
    }

    /// A mutant under which the XCTest case that reaches it hangs (a script stands in for the test
    /// binary): killed by a time-out naming the case, whether the run went quiet or ran past its time limit.
    @Test func aMutantThatHangsATestIsTimedOutNamingTheTestThatDidNotEnd() throws {
        try withTemporaryFolder { folder in
            let binary = folder + "/Fares.xctest"
            try writeExecutableScript("""
                #!/bin/sh
                echo "Test Case 'HalfFareTests.testWaits' started at 2026-11-29 04:05:17.013"
                exec sleep 30
                """, to: binary)
            let judge = { (quietLimit: Double, timeLimit: Double) in
                try MutationTests(binary: TestBinary(path: binary), modules: ["FaresTests"], xctests: ["FaresTests.HalfFareTests/testWaits"],
                                  reach: [7: ["xctest:FaresTests.HalfFareTests/testWaits"]], seconds: 0, quietLimit: quietLimit, folder: folder)
                    .judge(Self.mutant, timeLimit: timeLimit)
            }
            let quiet = try judge(0.5, 30)
            #expect(quiet.status == .timedOut && quiet.isKilled)
            #expect(quiet.by == ["test FaresTests.HalfFareTests/testWaits did not end: no test started or ended for 500ms"])
            let late = try judge(30, 0.5)
            #expect(late.by == ["test FaresTests.HalfFareTests/testWaits did not end: still running at the time limit of 0.5 s"])
        }
    }

    @Test func eachFailingTestIsNamedAndTheRunsTotalIsNot() {
        let output = """
            ◇ Test halfFare() started.
            ✘ Test halfFare() recorded an issue at FaresTests.swift:7:5: Expectation failed: (price(age: 65) → 200) == 100
            ✘ Test halfFare() failed after 0.003 seconds with 1 issue.
            ✘ Test freeUnder5(age:) failed after 0.004 seconds with 2 issues.
            ✘ Test run with 3 tests in 0 suites failed after 0.005 seconds with 3 issues.
            Test Case 'RoundingTests.testHalfACentRoundsUp' started at 2026-11-29 04:05:17.012
            /p/Tests/CheckoutTests/RoundingTests.swift:8: error: RoundingTests.testHalfACentRoundsUp : XCTAssertEqual failed
            Test Case 'RoundingTests.testHalfACentRoundsUp' failed (0.003 seconds)
            """
        #expect(MutationTests.failingTests(in: output) == ["test halfFare()", "test freeUnder5(age:)", "test RoundingTests.testHalfACentRoundsUp"])
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
