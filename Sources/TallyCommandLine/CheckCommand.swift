import Foundation
import Tally
import TallyTables

/// `tally check`: every table and every property at default settings, with one readable summary.
enum CheckCommand: TallyCommand {
    static let description = CommandDescription(
        name: "check",
        summary: "Run every requirement table and every property at default settings.",
        usage: "tally check [--iterations N] [--seed N] [--report FILE]",
        details: """
            OPTIONS:
              --iterations N   Cases per property (default 100, or TALLY_ITERATIONS)
              --seed N         One seed for every property (default: each derives its own)
              --report FILE    Also write a report: .xml is JUnit, .md is Markdown, DIR/index.html is
                               the HTML requirements report (repeatable)
              --help           Show this help

            Exit status: 0 when everything passes, 1 when anything fails, 2 on a usage error.
            """,
        options: ["--iterations", "--seed", "--report"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let console = context.console
        var configuration: RunConfiguration
        do {
            configuration = try RunConfiguration.fromEnvironment(context.environment)
        } catch {
            throw UsageError(message: "tally check: error: \(error)")
        }
        if let iterations = try arguments.positiveInteger("--iterations", command: description) {
            configuration.iterations = iterations
        }
        if let text = arguments.value("--seed") {
            guard let seed = UInt64(text) else {
                throw UsageError(command: description, "--seed expects an unsigned 64-bit integer, got '\(text)'")
            }
            configuration.seed = seed
        }

        console.out("Tables")
        let tables = LoadedTable.tablePaths(under: context.catalog.tablesDirectory).map {
            LoadedTable.load(path: $0, suites: context.catalog.tableSuites)
        }
        let rows = await TableRunning.run(tables, selection: RowSelection())
        let tableClosing = TableRunning.printSummary(rows, console: console)

        console.out("\nProperties")
        var outcomes: [Reports.PropertyOutcome] = []
        for (suite, property) in context.catalog.properties {
            let result = await property.check(configuration)
            let name = "\(suite)/\(property.id)"
            let report = result.failureReport(replayCommand: context.catalog.replayCommand)
            outcomes.append(.init(name: name, result: result, report: report, location: "\(property.fileID):\(property.line)"))
            console.out(result.passed ? "  ✔ \(name)  (\(result.casesRun) cases, \(result.duration.milliseconds) ms)" : "  ✘ \(name)")
            if let report { console.out(report.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")) }
        }
        let failedProperties = outcomes.filter { !$0.result.passed }.count
        try Reports.write(arguments.options["--report"] ?? [], rows: rows, properties: outcomes, specs: context.catalog.specNames,
                          replayCommand: context.catalog.replayCommand, console: console)

        let failedRows = rows.filter { !$0.isSuccess }.count
        console.out("")
        console.out(tableClosing)
        console.out("Properties: \(outcomes.count - failedProperties) passed, \(failedProperties) failed")
        console.out("Check: \(rows.count - failedRows + outcomes.count - failedProperties) passed, \(failedRows + failedProperties) failed")
        return failedRows + failedProperties == 0 ? 0 : 1
    }
}
