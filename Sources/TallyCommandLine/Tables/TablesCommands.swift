import Foundation
import Tally
import TallyTables

/// `tally tables lint`: reads and validates tables without running engines.
enum TablesLintCommand: TallyCommand {
    static let description = CommandDescription(
        name: "tables lint",
        summary: "Check tables' headers and cells without running the engines.",
        usage: "tally tables lint [PATH[:LINE]|DIR ...] [--as SPEC/TABLE]",
        details: """
            With no path, lints every table under Tables/, and a table a spec declares that has no file
            there is a problem. A table binds to its spec by its place, Tables/<spec>/<table>.csv; --as
            binds any file explicitly (for example --as claims/visits). PATH:LINE lints the row on that
            line and what is wrong with the whole table (its header, its binding); a line that holds no
            row is an error naming the nearest rows.
            Shows at most 20 problems per table, then how many more there are.
            Exit status: 0 when every table is valid, 1 when any problem is found, 2 on a usage error.
            """,
        options: ["--as"], maximumPositional: .max, positionalArePaths: true)

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let (paths, selection, files) = try TableRunning.tables(
            arguments.positional, command: description, context: context)
        let console = context.console
        let outcome = await TableRunning.run(
            paths, binding: arguments.value("--as"), selection: selection, suites: context.catalog.tableSuites,
            keepingResults: false,
            selectedRowsOnly: true, runRow: { RowResult.linted($0) }, onTable: { _, _ in },
            onEvent: { event in
                switch event {
                case .row(_, let shown):
                    shown.forEach { console.out($0.description) }
                case .problem(let problem):
                    console.out(problem.description)
                }
            })
        let rows = outcome.tables.map(\.run).reduce(0, +)
        let problems = outcome.problems
        let failedTables = outcome.tables.filter { $0.failed + $0.problems > 0 }.count
        let missing =
            selection.isEmpty
            ? MissingTable.find(
                in: context.catalog.tableSuites, among: files.tables, root: context.catalog.tablesDirectory) : []
        missing.forEach { console.out($0.message) }
        console.out(
            "Tables: \(paths.count - failedTables) passed, \(failedTables) failed"
                + (missing.isEmpty ? "" : ", \(missing.count) missing")
                + " (\(rows) row\(rows == 1 ? "" : "s"), \(problems) problem\(problems == 1 ? "" : "s"))")
        guard outcome.unmatched.isEmpty else {
            console.err(
                UsageError(command: description, problems: outcome.unmatched, pointsToHelp: false).message(
                    tool: context.catalog.toolName))
            return 2
        }
        return problems == 0 && missing.isEmpty ? 0 : 1
    }
}

/// `tally tables run`: runs rows and shows every disagreeing cell.
enum TablesRunCommand: TallyCommand {
    static let description = CommandDescription(
        name: "tables run",
        summary: "Run table rows against their engines and show which cells disagree.",
        usage:
            "tally tables run [PATH[:LINE]|DIR ...] [--as SPEC/TABLE] [--tag TAG] [--case-timeout T] [--report FILE]",
        details: """
            Prints a line per table (rows run, skipped, expected cells compared) and beneath it each row
            that fails, with the cells that disagree, and each row a PATH:LINE names; the last line
            runs the failed rows again.

            OPTIONS:
              --as SPEC/TABLE   Bind the given files to this table shape
              --tag TAG         Run only rows tagged TAG (repeatable)
              --case-timeout T  A row running longer is hung, \
            and fails (default \(CaseTimeout.defaultSeconds)s, as tally check)
              --report FILE     Also write a report: .xml is JUnit, .md is Markdown, DIR/index.html is
                                the HTML requirements report
            A PATH:LINE, a --tag or a path that selects no row is an error naming the nearest ones.
            Rows run in a worker process: a row whose engine traps (an overflow, a force unwrap of nil)
            or runs past the case timeout fails with the runtime's message, and the next row runs.
            Exit status: 0 when every row passes, 1 when any row fails, 2 on a usage error.
            """,
        options: ["--as", "--tag", "--case-timeout", "--report"], variableOptions: ["--case-timeout"],
        maximumPositional: .max, positionalArePaths: true)

    static var reportFormats: [ReportFormat] { [.junit, .markdown, .html] }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let console = context.console
        let reports = arguments.options["--report"] ?? []
        let rowTimeout = try CaseTimeout.seconds(arguments, command: description)
        var (paths, selection, files) = try TableRunning.tables(
            arguments.positional, command: description, context: context)
        try ReportFolder.clearEarlierRuns(for: reports, from: .check, console: console)
        var tagged = RowSelection()
        tagged.tags = (arguments.options["--tag"] ?? []).map { $0.lowercased() }
        selection = selection.adding(tagged)
        // In a worker process, so that a row whose engine traps fails alone (as under tally check).
        let worker = context.executable.map {
            CheckWorker(executable: $0, iterations: nil, seed: nil, caseTimeout: rowTimeout, console: console)
        }
        var outcome = await TableRunning.summarize(
            paths, binding: arguments.value("--as"), selection: selection, context: context,
            keepingResults: !reports.isEmpty,
            worker: worker, indent: "")
        if selection.isEmpty {
            let missing = MissingTable.find(
                in: context.catalog.tableSuites, among: files.tables, root: context.catalog.tablesDirectory)
            await outcome.recordMissing(missing, keepingResults: !reports.isEmpty, console: console)
            outcome.recordSpreadsheets(in: files, console: console)
        }
        try Reports.write(reports, rows: outcome.results, properties: [], console: console)
        console.out(outcome.closingLine)
        if let rerun = outcome.rerunLine(tool: context.catalog.toolName, binding: arguments.value("--as")) {
            console.out(rerun)
        }
        guard outcome.unmatched.isEmpty else {
            console.err(
                UsageError(command: description, problems: outcome.unmatched, pointsToHelp: false).message(
                    tool: context.catalog.toolName))
            return 2
        }
        return outcome.failed == 0 ? 0 : 1
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
            Exit status: 0 when the cells were shown or written, 1 when the table has problems (nothing is
            written), 2 on a usage error.
            """,
        options: ["--as"], flags: ["--help", "--write"], minimumPositional: 1, maximumPositional: 1,
        positionalName: "PATH",
        positionalArePaths: true)

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let path = arguments.positional[0]
        // `tables run` takes PATH:LINE, and a row's failure prints one: record fills whole tables.
        let location = RowSelection.location(path)
        if let line = location.line, !FileManager.default.fileExists(atPath: path) {
            throw UsageError(
                command: description,
                "\(path): tables record fills a whole table, not one row; give the table without :\(line): "
                    + "\(shellQuoted(location.path))"
            )
        }
        let table = LoadedTable.load(path: path, binding: arguments.value("--as"), suites: context.catalog.tableSuites)
        guard table.problems.isEmpty else {
            ProblemCap.capped(table.problems).forEach { context.console.out($0.description) }
            context.console.out(
                "Fix these problems first: \(context.catalog.toolName) tables record fills only valid tables.")
            return 1
        }
        let tool = context.catalog.toolName
        // Rows run here, not in a worker: a trap ends the command before anything is written.
        let (edits, bytes) = try await TableRecorder.fill(table) { row in
            " ended `\(tool) tables record` while it was running the row \(path):\(row.line)"
                + (row.id.map { " (\($0.escapingControlCharacters))" } ?? "") + ": nothing was written.\n"
                + "  See the row's failure: swift run \(tool) tables run \(shellQuoted("\(path):\(row.line)"))\n"
        }
        for edit in edits {
            context.console.out(
                "\(path):\(edit.line)  \(edit.column)  (empty) → \(edit.value.escapingControlCharacters)")
        }
        if edits.isEmpty {
            context.console.out("No empty expected cells in \(path).")
        } else if arguments.flags.contains("--write") {
            try AtomicFile.write(Data(bytes), to: path)
            context.console.out("Wrote \(edits.count) cell\(edits.count == 1 ? "" : "s") to \(path).")
        } else {
            let bound = arguments.value("--as").map { " --as " + shellQuoted($0) } ?? ""
            context.console.out(
                "Fill \(edits.count == 1 ? "it" : "these \(edits.count) cells"): swift run \(context.catalog.toolName) "
                    + "tables record\(bound) \(shellQuoted(path)) --write"
            )
        }
        return 0
    }
}
