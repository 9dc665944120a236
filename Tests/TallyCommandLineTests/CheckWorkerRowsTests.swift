import Foundation
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The check worker's side of running table rows (``CheckWorkerRows``).
@Suite struct CheckWorkerRowsTests {
    /// A request the worker cannot read is answered with why, then the end of the table. Before, it was
    /// answered with the end alone, which the supervisor reported as "the file changed while it ran".
    @Test func anUnreadableRequestIsAnsweredWithWhy() async {
        var sent: [String] = []
        await CheckWorkerRows.run("{\"path\": 7}", suites: []) { sent.append($0) }
        #expect(sent.count == 2 && sent.last == CheckWorkerRows.endLine, "\(sent)")
        #expect(sent.first?.hasPrefix(CheckWorkerRows.refusedPrefix) == true, "\(sent)")
        #expect(sent.first.map { !$0.contains("\n") } == true)
    }

    /// A row's case timeout is the row's own time, not the worker's reading of the rows before it: the
    /// last row of a long table, run by its `file:line` as "Run the failed rows again" prints it, passes
    /// under a short timeout. Before, the reading of the 20,000 rows above it (about a third of a second,
    /// debug build) was counted as the row's, and a row that takes microseconds was reported as hung;
    /// after a row that hung or crashed, every row after it in a long table was, as the fresh worker read
    /// its way back to them.
    @Test func readingTheRowsBeforeARowIsNotTheRowsTime() async throws {
        try await withTemporaryFolder { folder in
            let rows = (1...20_000).map { "order \($0),2,100000\n" }.joined()
            try RowTrapTests.writePlantedTable("id,units,cents?\n" + rows + "last,3,150000\n", in: folder)
            let tally = try WatchedProcess(
                ["tables", "run", "Tables/planted/overflow.csv:20002", "--case-timeout", "100ms"], in: folder)
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally tables run ended")
            #expect(tally.status == 0, "\(tally.standardOutput) \(tally.standardError.suffix(2_000))")
            #expect(tally.standardOutput.contains("\nRows: 1 passed, 0 failed\n"), "\(tally.standardOutput)")
        }
    }
}
