import Foundation
import TallyTestSupport
import Testing

/// A table saved as a spreadsheet is never skipped without a word: Tally reads .csv only.
@Suite struct SpreadsheetTablesTests {
    @Test func aSpreadsheetIsNamedOnceAndFailsTheRunWithoutItsCSV() async throws {
        try await withTemporaryFolder { folder in
            let csv = ToySpec.write(CommandLineTests.table, in: folder)
            let twin = folder + "/toy/charges.xlsx", alone = folder + "/toy/refunds.numbers"
            try Data("PK".utf8).write(to: URL(fileURLWithPath: twin))
            // A .numbers document is a folder; its inside is not named.
            try FileManager.default.createDirectory(atPath: alone + "/Data", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: alone + "/Index.zip"))
            let run = await tally(["tables", "run"], tables: folder)
            #expect(run.status == 1)
            #expect(
                run.out.components(separatedBy: "\n").filter { $0.contains(".xlsx") || $0.contains(".numbers") } == [
                    "note: \(twin) is not read: Tally reads .csv tables (it runs \(csv)); "
                        + "export it as CSV UTF-8 when it changes",
                    "✘ \(alone) is not read: Tally reads .csv tables; export it as CSV UTF-8",
                ])
            #expect(run.out.contains("Rows: 2 passed, 1 failed, 1 spreadsheet not read"))
            let check = await tally(["check"], tables: folder)
            #expect(check.out.contains("  ✘ \(alone) is not read: Tally reads .csv tables; export it as CSV UTF-8"))
            #expect(check.out.contains("Check: 2 passed, 2 failed"))
        }
    }
}
