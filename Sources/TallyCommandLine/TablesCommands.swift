import Foundation
import Tally
import TallyTables

/// `tally tables lint`: reads and validates tables without running engines.
enum TablesLintCommand: TallyCommand {
    static let description = CommandDescription(
        name: "tables lint",
        summary: "Check tables' headers and cells without running the engines.",
        usage: "tally tables lint [PATH|DIR ...] [--as SPEC/TABLE]",
        details: """
            With no path, lints every table under Tables/. A table binds to its spec by its place,
            Tables/<spec>/<table>.csv; --as binds any file explicitly (for example --as claims/visits).
            Exit status: 0 when every table is valid, 1 when any problem is found, 2 on a usage error.
            """,
        options: ["--as"], maximumPositional: .max)

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let (tables, _) = try TableRunning.load(arguments.positional, binding: arguments.value("--as"), context: context)
        let problems = tables.flatMap(\.problems)
        problems.forEach { context.console.out($0.description) }
        let rows = tables.map(\.rows.count).reduce(0, +)
        context.console.out("Tables: \(tables.count - Set(problems.map(\.path)).count) passed, \(Set(problems.map(\.path)).count) failed (\(rows) rows, \(problems.count) problem\(problems.count == 1 ? "" : "s"))")
        return problems.isEmpty ? 0 : 1
    }
}

/// `tally tables run`: runs rows and shows every disagreeing cell.
enum TablesRunCommand: TallyCommand {
    static let description = CommandDescription(
        name: "tables run",
        summary: "Run table rows against their engines and show which cells disagree.",
        usage: "tally tables run [PATH[:LINE]|DIR ...] [--as SPEC/TABLE] [--tag TAG] [--report FILE]",
        details: """
            OPTIONS:
              --as SPEC/TABLE   Bind the given files to this table shape
              --tag TAG         Run only rows tagged TAG (repeatable)
              --report FILE     Also write a report: FILE ending in .xml is JUnit, .md is Markdown
            Exit status: 0 when every row passes, 1 when any row fails, 2 on a usage error.
            """,
        options: ["--as", "--tag", "--report"], maximumPositional: .max)

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        var (tables, selection) = try TableRunning.load(arguments.positional, binding: arguments.value("--as"), context: context)
        selection.tags = (arguments.options["--tag"] ?? []).map { $0.lowercased() }
        let results = await TableRunning.run(tables, selection: selection)
        let closing = TableRunning.print(results, console: context.console)
        try Reports.write(arguments.options["--report"] ?? [], rows: results, properties: [], console: context.console)
        context.console.out(closing)
        return results.allSatisfy(\.isSuccess) ? 0 : 1
    }
}

/// `tally tables record`: fills empty expected cells with the engine's values.
enum TablesRecordCommand: TallyCommand {
    static let description = CommandDescription(
        name: "tables record",
        summary: "Fill a table's empty expected cells with the engine's actual values.",
        usage: "tally tables record PATH [--as SPEC/TABLE] [--write]",
        details: """
            Prints each filled cell for review; writes the file (atomically) only with --write.
            Nothing else in the file changes.
            """,
        options: ["--as"], flags: ["--help", "--write"], minimumPositional: 1, maximumPositional: 1, positionalName: "PATH")

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let path = arguments.positional[0]
        let table = LoadedTable.load(path: path, binding: arguments.value("--as"), suites: context.catalog.tableSuites)
        guard table.problems.isEmpty else {
            table.problems.forEach { context.console.out($0.description) }
            context.console.out("Fix these problems first: tally tables record fills only valid tables.")
            return 1
        }
        let (edits, bytes) = try await TableRecorder.fill(table)
        for edit in edits {
            context.console.out("\(path):\(edit.line)  \(edit.column)  (empty) → \(edit.value)")
        }
        if edits.isEmpty {
            context.console.out("No empty expected cells in \(path).")
        } else if arguments.flags.contains("--write") {
            try AtomicFile.write(Data(bytes), to: path)
            context.console.out("Wrote \(edits.count) cell\(edits.count == 1 ? "" : "s") to \(path).")
        } else {
            context.console.out("Run again with --write to fill \(edits.count) cell\(edits.count == 1 ? "" : "s").")
        }
        return 0
    }
}
