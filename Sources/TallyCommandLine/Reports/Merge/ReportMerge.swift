import Foundation
import Tally

/// `tally report --merge DIR... --to DIR`: the report folders of a CI matrix's shards put back together
/// in one folder — `summary.md`, `junit.xml`, `summary.json` and the HTML report, written by the fuzz's
/// own writers, every property once with the shard that ran it — and their findings in `examples/`,
/// ready to be copied into `.tally/examples`. The merged folder holds one run (``ReportFolder``).
enum ReportMerge {
    /// The merged reports' file names in `--to`, then the HTML report's index.
    static let reportNames = ["summary.md", "junit.xml", ShardReport.fileName]
    static let indexName = "index.html"

    /// Merges the shards of `folders` into `destination`; returns the exit status: 1 when the shards do
    /// not make one whole run or a property failed as `tally fuzz` would exit 1, else 0.
    static func run(folders: [String], into destination: String, context: CommandContext, command: CommandDescription)
        throws -> Int32
    {
        let console = context.console
        let reports = reportNames.map { path(destination, $0) }
        let index = path(destination, indexName)
        var places = reports.compactMap { report in
            ReportPlace.problem(file: report).map { "--to \(destination): \(report) \($0)" }
        }
        if let problem = ReportPlace.problem(htmlIndex: index) { places.append("--to \(destination): \(problem)") }
        guard places.isEmpty else { throw UsageError(command: command, problems: places, pointsToHelp: false) }

        var merge = ShardMerge(folders.map(ShardReport.read(folder:)))
        try ReportFolder.clearEarlierRuns(for: reports + [index], from: .fuzz, console: console)
        let examples = path(destination, ReportFolder.examplesFolder)
        merge.run.problems += GatheredExamples.save(&merge.outcomes, in: examples)
        let replayLine = context.catalog.replayLine
        try FuzzReports.write(
            reports, outcomes: merge.outcomes, run: merge.run, replayLine: replayLine, console: console)
        var specs: [String] = []
        for outcome in merge.outcomes where !specs.contains(HTMLReport.spec(of: outcome.name)) {
            specs.append(HTMLReport.spec(of: outcome.name))
        }
        try HTMLReport(specs: specs, rows: [], properties: [], replayLine: replayLine).write(indexPath: index)

        let outcomes = merge.outcomes, problems = merge.run.problems
        console.out(merge.run.sentence)
        for outcome in outcomes where outcome.notRun == nil {
            console.out(FuzzCommand.lines(for: outcome, replayLine: replayLine).joined(separator: "\n"))
        }
        FuzzCommand.printNotRun(outcomes, stopped: false, console: console)
        for problem in problems { console.out("  ✘ \(problem)") }
        console.out(
            "Merged: \(FuzzReports.totals(outcomes))"
                + (problems.isEmpty
                    ? ""
                    : "; \(problems.count) problem\(problems.count == 1 ? "" : "s") with the shards: not one whole run")
        )
        if outcomes.contains(where: { $0.finding?.savedPath != nil }) {
            console.out(
                "Findings saved in \(examples)/; for swift test to replay them first: "
                    + "mkdir -p .tally/examples && cp -R \(shellQuoted(examples + "/.")) .tally/examples/")
        }
        console.out("HTML report: \(index)")
        return problems.isEmpty ? FuzzCommand.exitStatus(outcomes, stopSignal: nil) : 1
    }

    /// `name` in `folder`, as typed: `out/summary.md`.
    private static func path(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
    }
}
