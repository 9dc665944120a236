import Foundation
import TallyTables
import TallyTestSupport
import Testing

@testable import Tally

/// The folder of the planted trapping table, set only in the child test process that runs it.
private let plantedRowsFolder = ProcessInfo.processInfo.environment["PLANTED_TRAPPING_ROWS"]

/// A table for ``RowCrashNoteTests`` to run in a child test process: its engine multiplies in 32 bits
/// and traps (SIGILL) for 42,950 units or more. Skipped unless `PLANTED_TRAPPING_ROWS` names the
/// folder holding `planted/overflow.csv`, which only that child has.
@Suite(.enabled(if: plantedRowsFolder != nil, "runs in a child process of RowCrashNoteTests"))
struct PlantedTrappingRows {
    static let suite = TableSuite(
        "planted",
        tables: [
            TableSpec("overflow", columns: [.input("units", .integer), .output("cents?", .integer)]) { row in
                ["cents?": .integer(Int(Int32(truncatingIfNeeded: try row.integer("units")) * 50_000))]
            }
        ])

    @Test func rowsRunUntilOneTraps() async {
        for row in RequirementTables.rows(of: [Self.suite], in: plantedRowsFolder) { await row.verify() }
    }
}

/// Under `swift test`, a row whose engine traps kills the process; before it dies, it names the row
/// it was running and a command that runs that row alone. Before, it died naming nothing.
@Suite struct RowCrashNoteTests {
    static let filter = "TallyTablesTests.PlantedTrappingRows/rowsRunUntilOneTraps"

    #if os(Linux)
    @Test func aRowThatTrapsIsNamedAsTheProcessDies() async throws {
        try await withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/planted", withIntermediateDirectories: true)
            let table = folder + "/planted/overflow.csv"
            try "id,units,cents?\nsmall order,2,100000\nbig order,50000,2500000000\nafter,3,150000\n".write(
                toFile: table, atomically: true, encoding: .utf8)
            let environment = ["PLANTED_TRAPPING_ROWS": folder, "SWIFT_BACKTRACE": "enable=no"]
            let run = try await runChildTests(filter: Self.filter, environment: environment)
            #expect(run.status == SIGILL || run.status == SIGTRAP, "the run dies of the trap:\n\(run.output)")
            // As a person at the package root would type it: relative when the temporary directory is inside it.
            let shown = CrashWords.relativeToCurrentDirectory(table)
            let note = """
                Tally: a trap (\(run.status == SIGILL ? "SIGILL" : "SIGTRAP")) killed the process while it was running \
                the row \(shown):3 (big order).
                  Run it alone: TALLY_ROWS=\(shellQuoted("\(shown):3")) swift test --filter \(Self.filter)

                """
            #expect(run.output.contains(note), "\(run.output)")
            #expect(
                !run.output.contains("small order") && !run.output.contains("suspect"),
                "only the row that trapped is named")

            // The command, as printed, runs that row alone: it dies again, naming it.
            let alone = try await runChildTests(
                filter: Self.filter, environment: environment.merging(["TALLY_ROWS": "\(table):3"]) { $1 })
            #expect(alone.status == run.status && alone.output.contains(note), "\(alone.output)")
        }
    }
    #endif
}
