import Foundation

/// What `tally mutate` found, read back from the JSON report `tally mutate --report DIR/mutants.json`
/// writes, so that the requirements report written beside it (`DIR/index.html`) shows the mutation
/// score of each target, every survivor with its lines, and every equivalent mutant with its reason.
struct MutantsSummary {
    var path: String
    /// The run as `tally mutate` had it, timings aside.
    var run: MutationResults

    /// Reads the JSON report at `path`.
    init(path: String) throws(ResultsFileError) {
        let document = try MutationReportJSON.read(
            path, what: "mutation results",
            expected:
                "expected the JSON report that mutate --report FILE.json writes, with \"targets\" and \"mutants\" lists"
        ) { "mutant \($0 + 1) has no \"file\", \"line\", \"column\", known \"operator\" or known \"status\"" }
        let results = document.mutants.map { entry in
            MutationResults.Result(
                mutant: Mutant(
                    id: 0, target: entry.target, file: entry.file, line: entry.line, column: entry.column,
                    kind: entry.operator,
                    original: entry.original, mutated: entry.mutated, before: entry.before, after: entry.after),
                outcome: MutantOutcome(status: entry.status, by: entry.by, seconds: entry.seconds), cached: entry.cached
            )
        }
        self.path = path
        run = MutationResults(
            results: results, targets: document.targets.compactMap(\.target), command: document.command,
            buildSeconds: 0, runSeconds: 0, wallSeconds: 0, mutantsRun: 0, jobs: 0, stopped: document.stopped)
    }
}
