import Foundation
import Tally
import TallyTables

/// `tally check`: every table and every property at default settings, with one readable summary.
enum CheckCommand: TallyCommand {
    static let description = CommandDescription(
        name: "check",
        summary: "Run every requirement table and every property at default settings.",
        usage:
            "tally check [--spec NAME] [--property NAME] [--iterations N] [--seed N] "
            + "[--case-timeout T] [--report FILE]",
        details: """
            OPTIONS:
              --spec NAME      Only this spec: its properties and its tables under Tables/NAME (repeatable)
              --property NAME  Only this property, by name or spec/name, and no tables (repeatable)
              --iterations N   Cases per property (default 100, or TALLY_ITERATIONS)
              --seed N         One seed for every property (default: each derives its own)
              --case-timeout T A case running longer is a hang, \
            reported as a failure (default \(CaseTimeout.defaultSeconds)s)
              --report FILE    Also write a report: .xml is JUnit, .md is Markdown, DIR/index.html is
                               the HTML requirements report (repeatable)
              --help           Show this help

            TALLY_PROPERTY selects as --property does; TALLY_REPLAY runs only the property owning the
            token; TALLY_ROWS and TALLY_TAGS select rows as under swift test; TALLY_STATS=1 prints each
            property's label distribution. A selection that selects nothing is an error naming the
            nearest names. Rows and properties run in a worker process: a row whose engine traps (an
            overflow, a force unwrap of nil) or hangs fails with the runtime's message, a property's case
            that traps or hangs is shrunk in child processes and reported as a failure, and the run goes on.
            Ctrl-C or SIGTERM stops the run within a second: the worker is killed, the property it ran and
            those not started are reported as not checked (never as failures), the summary and reports
            say the run was stopped; a second Ctrl-C quits at once.
            Exit status: 0 when everything passes, 1 when anything fails, 130 / 143 when stopped by
            SIGINT / SIGTERM with no failure found, 2 on a usage error.
            """,
        options: ["--spec", "--property", "--iterations", "--seed", "--case-timeout", "--report"],
        variableOptions: ["--iterations", "--seed", "--case-timeout"])

    static var reportFormats: [ReportFormat] { [.junit, .markdown, .html] }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let console = context.console
        let stop = FuzzBudget(seconds: nil)
        let signals = StopSignals(
            StopSignals.Stopping(
                command: "\(context.catalog.toolName) check", keeps: "reporting what was checked",
                loses: "nothing more is reported",
                stop: { stop.requestStop(signal: $0) }), console: console)
        defer { signals.restore() }
        var configuration: RunConfiguration
        do {
            configuration = try RunConfiguration.fromEnvironment(context.environment)
        } catch {
            throw UsageError(command: description, problems: ["\(error)"], pointsToHelp: false)
        }
        let iterations = try arguments.positiveInteger("--iterations", command: description)
        if let iterations { configuration.iterations = iterations }
        if let seed = try arguments.seed("--seed", command: description) { configuration.seed = seed }
        let caseTimeout = try CaseTimeout.seconds(arguments, command: description)
        let replayLine = CaseTimeout.replayLine(context.catalog.replayLine, seconds: caseTimeout)
        let selectsRows = !RowSelection(environment: context.environment).isEmpty
        let selection = try CheckSelection(
            arguments, environment: configuration.selection, selectsRows: selectsRows, catalog: context.catalog)

        let directory = context.catalog.tablesDirectory
        var isFolder: ObjCBool = false
        if !selection.tableSuites(of: context.catalog).isEmpty,
            !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) || !isFolder.boolValue
        {
            // Run from another folder, every declared table was reported missing, one line each.
            throw UsageError(
                command: description,
                problems: [
                    "there is no folder \(directory)/ (the current directory is "
                        + "\(FileManager.default.currentDirectoryPath)): "
                        + "\(context.catalog.toolName) reads its requirement tables from there; "
                        + "run it from the package's root, the folder that holds \(directory)/"
                ], pointsToHelp: false)
        }
        // The tables folder is walked once: the selection, TALLY_ROWS and the missing tables all read it.
        let files = TableFiles(under: directory), everyTable = files.tables
        let rows = try EnvironmentRows.selection(
            context, among: everyTable.filter { selection.includesTable(at: $0, under: directory) },
            everyTable: everyTable,
            scope: selection.specScope, command: description)
        // Only a tool's own process can start itself as a worker: a catalog made in a test runs in process.
        let worker = context.executable.map {
            CheckWorker(
                executable: $0, iterations: iterations, seed: configuration.seed, caseTimeout: caseTimeout,
                console: console, stop: stop)
        }
        try ReportFolder.clearEarlierRuns(for: arguments.options["--report"] ?? [], from: .check, console: console)
        console.out("Tables")
        if let skipped = selection.tablesSkipped { console.out("  (not run: \(skipped))") }
        let keepingResults = !(arguments.options["--report"] ?? []).isEmpty
        var tables = await TableRunning.summarize(
            rows.tables, selection: rows.selection, context: context, keepingResults: keepingResults, worker: worker)
        if tables.notRun > 0, let signal = stop.stopSignal {
            console.out(
                "  – \(tables.notRun) row\(tables.notRun == 1 ? "" : "s") "
                    + "not run (the run was stopped by \(StopSignals.name(signal)))"
            )
        }
        if rows.selection.isEmpty {
            let missing = MissingTable.find(
                in: selection.tableSuites(of: context.catalog), among: everyTable, root: directory)
            await tables.recordMissing(missing, keepingResults: keepingResults, console: console, indent: "  ")
            tables.recordSpreadsheets(in: files, console: console, indent: "  ") {
                selection.includesTable(at: $0, under: directory)
            }
        }

        console.out("\nProperties")
        var outcomes: [Reports.PropertyOutcome] = []
        var notStarted: [Reports.PropertyOutcome] = []
        for (index, suite, property) in selection.properties {
            let name = "\(suite)/\(property.id)"
            if let signal = stop.stopSignal {
                notStarted.append(
                    .notRun(
                        name, "the run was stopped by \(StopSignals.name(signal)) before it started", property,
                        configuration))
                continue
            }
            let result =
                if let worker {
                    await worker.run(index: index, property: property, configuration: configuration)
                } else {
                    await property.check(configuration)
                }
            if let interruption = worker?.interruption {
                outcomes.append(.notRun(name, interruption, property, configuration))
                console.out("  – \(name)  not checked: \(interruption)")
                continue
            }
            let report = result.failureReport(replay: replayLine)
            outcomes.append(
                .init(name: name, result: result, report: report, location: "\(property.fileID):\(property.line)"))
            console.out(
                result.passed
                    ? "  ✔ \(name)  (\(result.casesRun) cases, \(result.duration.milliseconds) ms)" : "  ✘ \(name)")
            let details =
                [report ?? result.seedNote].compactMap { $0 }
                + (configuration.printsStatistics ? [result.statisticsReport] : [])
            for text in details {
                console.out(
                    text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(
                        separator: "\n"))
            }
        }
        outcomes += notStarted
        let notRun = outcomes.filter { $0.notRun != nil }
        if let first = notStarted.first, let reason = first.notRun {
            console.out(
                notStarted.count == 1
                    ? "  – \(first.name)  not run: \(reason)"
                    : "  – \(notStarted.count) "
                        + "properties not run (\(reason.replacingOccurrences(of: " it ", with: " they "))), "
                        + "from \(first.name) on"
            )
        }
        let failedProperties = outcomes.filter { !$0.result.passed && $0.notRun == nil }.count
        try Reports.write(
            arguments.options["--report"] ?? [], rows: tables.results, properties: outcomes,
            specs: context.catalog.specNames,
            replayLine: replayLine, console: console)

        let failedRows = tables.failed
        console.out("")
        console.out(selection.tablesSkipped.map { "Rows: not run (\($0))" } ?? tables.closingLine)
        let passedProperties = outcomes.count - failedProperties - notRun.count
        let stopped =
            stop.stopSignal.map {
                " (stopped by \(StopSignals.name($0)) after \(FuzzBoard.clock(Date().timeIntervalSince(stop.started))))"
            } ?? ""
        console.out(
            "Properties: \(passedProperties) passed, \(failedProperties) failed"
                + (notRun.isEmpty ? "" : ", \(notRun.count) not checked"))
        // A selector that selected nothing fails the run: no total may read green above its error.
        if tables.unmatched.isEmpty {
            console.out(
                "Check: \(tables.passed + passedProperties) passed, \(failedRows + failedProperties) failed"
                    + (tables.pending > 0 ? ", \(tables.pending) pending" : "") + stopped)
        }
        if let rerun = tables.rerunLine(tool: context.catalog.toolName) { console.out(rerun) }
        guard tables.unmatched.isEmpty else {
            console.err(
                UsageError(command: description, problems: tables.unmatched, pointsToHelp: false).message(
                    tool: context.catalog.toolName))
            return 2
        }
        if failedRows + failedProperties > 0 { return 1 }
        return stop.stopSignal.map { 128 + $0 } ?? 0
    }
}
