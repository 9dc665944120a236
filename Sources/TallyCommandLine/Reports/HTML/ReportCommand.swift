import Foundation

/// `tally report --html DIR`: runs what `tally check` runs and writes the HTML requirements report.
enum ReportCommand: TallyCommand {
    static let description = CommandDescription(
        name: "report",
        summary: "Run every table and property and write the HTML requirements report.",
        usage: "tally report --html DIR [--iterations N] [--seed N]",
        details: """
            OPTIONS:
              --html DIR       The report's folder: DIR/index.html, a page per table, a page of
                               properties per spec (created if missing; an earlier report's pages
                               are removed first, a folder holding other files is refused)
              --iterations N   Cases per property (default 100, or TALLY_ITERATIONS)
              --seed N         One seed for every property (default: each derives its own)

            The pages are static and self-contained: no script, no network, inline style and charts.
            Fuzz results are shown when DIR/summary.json holds them (tally fuzz --report DIR/summary.json).
            The same report is written by tally check --report DIR/index.html.
            Exit status: 0 when everything passes, 1 when anything fails, 2 on a usage error.
            """,
        options: ["--html", "--iterations", "--seed"], variableOptions: ["--iterations", "--seed"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        guard let folder = arguments.value("--html") else { throw UsageError(command: description, "missing --html DIR") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError(command: description, "--html \(folder) is a file: expected a folder for the report's pages")
        }
        if folder.hasSuffix(".html") {
            throw UsageError(command: description, "--html expects a folder, got '\(folder)' (the index is written as \(folder)/index.html); or use \(context.catalog.toolName) check --report \(folder)")
        }
        let index = folder.isEmpty ? "index.html" : (folder.hasSuffix("/") ? folder : folder + "/") + "index.html"
        var check = ["--report", index]
        if let problem = ReportPlace.problem(htmlIndex: index) {
            throw UsageError(command: description, problems: ["--html \(folder): \(problem)"], pointsToHelp: false)
        }
        for option in ["--iterations", "--seed"] {
            if let value = arguments.value(option) { check += [option, value] }
        }
        let status = try await CheckCommand.run(CommandLineArguments(check, command: CheckCommand.description), context: context)
        context.console.out("HTML report: \(index)")
        return status
    }
}
