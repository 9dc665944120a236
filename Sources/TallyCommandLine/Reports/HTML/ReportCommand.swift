import Foundation

/// `tally report --html DIR`: runs what `tally check` runs and writes the HTML requirements report.
/// `tally report --merge DIR... --to DIR`: puts the fuzz reports of a CI matrix's shards together
/// (``ReportMerge``).
enum ReportCommand: TallyCommand {
    static let description = CommandDescription(
        name: "report",
        summary: "Run every table and property and write the HTML requirements report; or merge fuzz shards' reports.",
        usage: "tally report --html DIR [--iterations N] [--seed N]\n       tally report --merge DIR... --to DIR",
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

            MERGING SHARDS:
              --merge DIR...   The report folders of the shards of one tally fuzz --shard I/N matrix,
                               each holding the summary.json its shard wrote
              --to DIR         Where the merged summary.md, junit.xml, summary.json and HTML report
                               go (an earlier run's reports there are removed first), with every
                               finding's replay token under DIR/examples/, laid out as .tally/examples
                               is: copy them there for swift test to replay them first

            Every property appears once, with the shard that ran it. A shard missing (N is the
            shards' own: with 1/4, 2/4 and 4/4, shard 3/4 is missing), given twice, or of another
            split, commit, budget or selection of properties, a folder without a shard's report and
            a shard stopped before its end are failures named in the reports, never a silent gap.
            The last line is the path of the HTML report.
            Exit status: 0 when everything passes, 1 when anything fails, 2 on a usage error.
            """,
        options: ["--html", "--iterations", "--seed", "--merge", "--to"], variableOptions: ["--iterations", "--seed"],
        maximumPositional: Int.max, positionalName: "DIR", positionalArePaths: true)

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        if arguments.options["--merge"] != nil || arguments.options["--to"] != nil {
            return try merge(arguments, context: context)
        }
        if let extra = arguments.positional.first {
            throw UsageError(
                command: description, "unexpected argument '\(extra)' (several folders are for --merge DIR... --to DIR)"
            )
        }
        guard let folder = arguments.value("--html") else {
            throw UsageError(command: description, "missing --html DIR")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError(
                command: description, "--html \(folder) is a file: expected a folder for the report's pages")
        }
        if folder.hasSuffix(".html") {
            throw UsageError(
                command: description,
                "--html expects a folder, got '\(folder)' (the index is written as \(folder)/index.html); "
                    + "or use \(context.catalog.toolName) check --report \(folder)"
            )
        }
        let index = folder.isEmpty ? "index.html" : (folder.hasSuffix("/") ? folder : folder + "/") + "index.html"
        var check = ["--report", index]
        if let problem = ReportPlace.problem(htmlIndex: index) {
            throw UsageError(command: description, problems: ["--html \(folder): \(problem)"], pointsToHelp: false)
        }
        for option in ["--iterations", "--seed"] {
            if let value = arguments.value(option) { check += [option, value] }
        }
        let status = try await CheckCommand.run(
            CommandLineArguments(check, command: CheckCommand.description), context: context)
        context.console.out("HTML report: \(index)")
        return status
    }

    /// `--merge DIR... --to DIR`: the folders after `--merge` come as its value and the positional
    /// arguments after it.
    private static func merge(_ arguments: CommandLineArguments, context: CommandContext) throws -> Int32 {
        guard let merged = arguments.options["--merge"] else {
            throw UsageError(command: description, "--to needs --merge DIR... (the shards' report folders)")
        }
        guard let destination = arguments.value("--to") else {
            throw UsageError(command: description, "--merge needs --to DIR (where the merged reports go)")
        }
        for option in ["--html", "--iterations", "--seed"] where arguments.options[option] != nil {
            throw UsageError(
                command: description,
                "\(option) does not go with --merge: the merge runs nothing, it reads the shards' reports")
        }
        let folders = merged + arguments.positional
        let target = URL(fileURLWithPath: destination).standardized.path
        if let same = folders.first(where: { URL(fileURLWithPath: $0).standardized.path == target }) {
            throw UsageError(
                command: description,
                "--to \(destination) is also a folder to merge (\(same)): "
                    + "name a folder of its own for the merged reports"
            )
        }
        return try ReportMerge.run(folders: folders, into: destination, context: context, command: description)
    }
}
