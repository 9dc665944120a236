import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// ``QuietTestRun``: a run of the package's tests stopped once no test has started or ended for its
/// quiet limit, naming the tests still running. The Swift Testing side runs in TestPropertiesTests
/// (the survey) and MutateFixtureTests (`tally mutate`); here, its limit and XCTest's side, with a
/// script as the test binary.
@Suite struct QuietTestRunTests {
    @Test func theQuietLimitIsADurationAndABadOneIsRefusedByName() throws {
        let limit = { (text: String) throws in
            try QuietTestRun.limit([QuietTestRun.variable: text], command: MutateCommand.description)
        }
        #expect(try limit("8m") == 480)
        #expect(try QuietTestRun.limit([:], command: FuzzCommand.description) == 120)
        let error = try #require(throws: UsageError.self) { try limit("soon") }
        #expect("\(error)".contains("TALLY_TEST_HANG_TIMEOUT=soon: expected a duration greater than 0"), "\(error)")
        #expect("\(error)".contains("mutate"), "the command that refused it is named: \(error)")
    }

    /// An XCTest run that prints a case's start and then nothing is stopped after the quiet limit,
    /// and the case is named as `--list-tests` names it, which `swift test --filter` takes.
    @Test func anXCTestRunThatGoesQuietNamesTheCaseStillRunning() throws {
        try withTemporaryFolder { folder in
            let binary = folder + "/Laps.xctest"
            try writeExecutableScript(
                """
                #!/bin/sh
                echo "Test Case 'WholeLapsTests.testQuick' started at 2026-11-29 04:05:17.012"
                echo "Test Case 'WholeLapsTests.testQuick' passed (0.001 seconds)"
                echo "Test Case 'WholeLapsTests.testWaits' started at 2026-11-29 04:05:17.013"
                exec sleep 30
                """, to: binary)
            let tests = ["LapsTests.WholeLapsTests/testQuick", "LapsTests.WholeLapsTests/testWaits"]
            let tested = try QuietTestRun.xctest(TestBinary(path: binary), tests, environment: [:], quietLimit: 0.5)
            #expect(tested.run.timedOut && tested.run.seconds < 10, "\(tested.run.ending.description)")
            #expect(tested.running == [.init(id: "LapsTests.WholeLapsTests/testWaits", place: nil)])
            #expect(
                tested.running.first?.filter == "LapsTests.WholeLapsTests/testWaits", "what swift test --filter takes")
        }
    }

    @Test func theRemedyShowsTheHangAndGivesTheTestLonger() {
        #expect(QuietTestRun.longer(than: 5) == "20s")
        #expect(
            QuietTestRun.remedy(filter: "LapsTests.waits", longer: "20s", again: nil)
                == "A test that hangs hangs swift test too: `swift test --filter LapsTests.waits` shows it. "
                + "A test that only needs longer gets it with TALLY_TEST_HANG_TIMEOUT=20s.")
    }
}
