import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// A selector that selects nothing under `swift test` is known only after the last test, so Tally
/// says so after Swift Testing's summary: its error is the last line, and says the run fails
/// whatever the summary says.
@Suite struct SelectorExitVerdictTests {
    @Test func theErrorIsTheLastLineAfterTheSummaryThatSaysPassed() async throws {
        let run = try await runChildTests(
            filter: "TallyTests.ProbeTests", environment: ["TALLY_PROPERTY": "probe/nothing by this name"])
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let summary = try #require(lines.lastIndex { $0.contains("Test run with") })
        #expect(
            lines[summary].contains("passed"), "Swift Testing saw no failure: the test ran, its property was skipped")
        let firstError = try #require(lines.firstIndex { $0.hasPrefix("Tally: error: ") })
        #expect(summary < firstError, "the error follows the summary")
        #expect(lines[firstError - 1].isEmpty, "a blank line sets the error apart from the summary")
        #expect(lines.last { !$0.isEmpty } == SelectionLedger.closingError)
    }
}
