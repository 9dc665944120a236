import Foundation
import TallyTestSupport
import Testing

/// A row whose engine traps is that row's failure under `tally tables run` and `tally check`: named by
/// `file:line` with the runtime's message, in the reports too, and the rows after it still run.
/// Before, the trap killed the tool (signal 4), naming no row and losing every other result.
@Suite struct RowTrapTests {
    /// The planted table (``PlantedBugsSpec``): its engine traps on the row at line 3.
    static let table = "id,units,cents?\nsmall order,2,100000\nbig order,50000,2500000000\nafter,3,150000\n"

    /// Writes `text` as `Tables/planted/overflow.csv` under `folder`.
    static func writePlantedTable(_ text: String = table, in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/Tables/planted", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/Tables/planted/overflow.csv", atomically: true, encoding: .utf8)
    }

    @Test func tablesRunReportsTheTrappingRowAndRunsTheRest() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePlantedTable(in: folder)
            let tally = try WatchedProcess(
                ["tables", "run", "Tables/planted", "--report", "out/index.html"], in: folder)
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally tables run ended")
            let out = tally.standardOutput
            #expect(tally.status == 1 && !tally.endedBySignal, "\(tally.standardError.suffix(2_000))")
            #expect(
                out.hasPrefix(
                    """
                    ✘ Tables/planted/overflow.csv  1 failed; 3 rows run, 0 skipped, 2 expected cells compared
                      ✘ Tables/planted/overflow.csv:3  big order
                          the engine crashed with signal 4 (SIGILL) while running the row:
                          Swift runtime failure: arithmetic overflow

                    """), "\(out)")
            #expect(out.contains("/Sources/PlantedBugsSpec/PlantedOverflowTable.swift:"), "the place of the crash")
            #expect(out.contains("\n      inputs: units 50000\nRows: 2 passed, 1 failed\n"), "\(out)")
            #expect(
                out.hasSuffix("Run the failed rows again: swift run tally tables run Tables/planted/overflow.csv:3\n"))
            let page = try String(contentsOfFile: folder + "/out/table-planted-overflow.html", encoding: .utf8)
            #expect(page.contains("The engine crashed with signal 4 (SIGILL) while running the row:"))
            #expect(!page.contains("✔ 2500000000"), "a row that crashed checked no cell")

            // The line, pasted, runs that row alone and reports it the same way.
            let again = try WatchedProcess(["tables", "run", "Tables/planted/overflow.csv:3"], in: folder)
            defer { again.stop() }
            #expect(await again.waitForEnd())
            #expect(
                again.status == 1
                    && again.standardOutput.contains(
                        "  ✘ Tables/planted/overflow.csv:3  big order\n      the engine crashed with signal 4")
            )
        }
    }

    /// `tables run` takes `tally check`'s `--case-timeout`: a row whose engine spins fails after it,
    /// and the next row runs. Before, every row had a fixed 10 s, whatever was asked.
    @Test func tablesRunTakesTheCaseTimeout() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePlantedTable("id,units,cents?\nstuck,-1,0\nafter,3,150000\n", in: folder)
            let tally = try WatchedProcess(["tables", "run", "Tables/planted", "--case-timeout", "0.5s"], in: folder)
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally tables run ended")
            #expect(tally.status == 1, "\(tally.standardOutput) \(tally.standardError)")
            #expect(
                tally.standardOutput.contains(
                    "  ✘ Tables/planted/overflow.csv:2  stuck\n      the engine hung: "
                        + "it ran longer than the 0.5 s case timeout"
                ),
                "\(tally.standardOutput)")
            #expect(tally.standardOutput.contains("Rows: 1 passed, 1 failed\n"))
        }
    }

    /// `tables record` runs rows in its own process: a trapping row ends it, but names the row, says
    /// nothing was written (the file is unchanged) and gives the line that shows the row's failure.
    /// Before, it died with "Illegal instruction" alone.
    @Test func tablesRecordNamesTheTrappingRowAndWritesNothing() async throws {
        try await withTemporaryFolder { folder in
            let unrecorded = "id,units,cents?\nsmall order,2,\nbig order,50000,\nafter,3,\n"
            try Self.writePlantedTable(unrecorded, in: folder)
            let tally = try WatchedProcess(["tables", "record", "Tables/planted/overflow.csv", "--write"], in: folder)
            defer { tally.stop() }
            #expect(await tally.waitForEnd(), "tally tables record ended")
            #expect(tally.endedBySignal, "\(tally.standardOutput) \(tally.standardError)")
            #expect(
                tally.standardError.contains(
                    """
                    Tally: a trap (SIGILL) ended `tally tables record` while it was running the row \
                    Tables/planted/overflow.csv:3 (big order): nothing was written.
                      See the row's failure: swift run tally tables run Tables/planted/overflow.csv:3

                    """), "\(tally.standardError)")
            #expect(try String(contentsOfFile: folder + "/Tables/planted/overflow.csv", encoding: .utf8) == unrecorded)
        }
    }

    /// Without `TALLY_PLANTED_BUGS`, the planted table is no table of the catalog: its file is an error.
    @Test func thePlantedTableIsOutOfTheNormalCatalog() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePlantedTable(in: folder)
            let tally = try WatchedProcess(
                ["tables", "lint", "Tables/planted"], in: folder, environment: ["TALLY_PLANTED_BUGS": "0"])
            defer { tally.stop() }
            #expect(await tally.waitForEnd())
            #expect(
                tally.status == 1 && tally.standardOutput.contains("no spec is named \"planted\""),
                "\(tally.standardOutput)")
        }
    }
    /// A row of a table no spec owns: the table's problem is the one message. Before, the run also
    /// printed a "Run the failed rows again" line naming the table and failed with `… :3 selects no row:
    /// … it has no rows` (exit 2): three messages for one mistake.
    @Test func aRowOfATableNoSpecOwnsGetsOneMessage() async throws {
        try await withTemporaryFolder { folder in
            try Self.writePlantedTable(in: folder)
            let tally = try WatchedProcess(
                ["tables", "run", "Tables/planted/overflow.csv:3"], in: folder,
                environment: ["TALLY_PLANTED_BUGS": "0"])
            defer { tally.stop() }
            #expect(await tally.waitForEnd())
            #expect(tally.status == 1, "\(tally.standardOutput) \(tally.standardError)")
            #expect(
                tally.standardOutput.hasPrefix(
                    "✘ Tables/planted/overflow.csv  1 problem; 0 rows run, 0 skipped, 0 expected cells compared\n"
                        + "  ✘ Tables/planted/overflow.csv:1: no spec is named \"planted\"; known specs: "),
                "\(tally.standardOutput)")
            #expect(tally.standardOutput.hasSuffix("\nRows: 0 passed, 0 failed, problems in 1 table\n"))
            #expect(tally.standardError.isEmpty, "\(tally.standardError)")
        }
    }
}
