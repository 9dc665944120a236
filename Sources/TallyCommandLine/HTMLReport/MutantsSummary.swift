import Foundation

/// What `tally mutate` found, read back from the JSON report `tally mutate --report DIR/mutants.json`
/// writes, so that the requirements report written beside it (`DIR/index.html`) shows the mutation
/// score of each target, every survivor with its lines, and every equivalent mutant with its reason.
struct MutantsSummary {
    var path: String
    /// The run as `tally mutate` had it, timings aside.
    var run: MutationResults

    /// The mutation results beside the report whose index is `indexPath`: `nil` when there are none,
    /// a failure naming the file and what is wrong with it when they cannot be read.
    static func beside(indexPath: String) -> Result<MutantsSummary, ResultsFileError>? {
        HTMLReport.file("mutants.json", besideIndex: indexPath) { path throws(ResultsFileError) in try MutantsSummary(path: path) }
    }

    /// Reads the JSON report at `path`.
    init(path: String) throws(ResultsFileError) {
        func fail(_ problem: String) -> ResultsFileError {
            ResultsFileError(message: "cannot read the mutation results \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = document["targets"] as? [[String: Any]], let mutants = document["mutants"] as? [[String: Any]]
        else { throw fail("expected the JSON report that mutate --report FILE.json writes, with \"targets\" and \"mutants\" lists") }
        var results: [MutationResults.Result] = []
        for (index, entry) in mutants.enumerated() {
            guard let file = entry["file"] as? String, let line = entry["line"] as? Int, let column = entry["column"] as? Int,
                let kind = (entry["operator"] as? String).flatMap(MutationOperator.init(rawValue:)),
                let status = (entry["status"] as? String).flatMap(MutantOutcome.Status.init(rawValue:))
            else { throw fail("mutant \(index + 1) has no \"file\", \"line\", \"column\", known \"operator\" or known \"status\"") }
            let mutant = Mutant(
                id: 0, target: entry["target"] as? String ?? "", file: file, line: line, column: column, kind: kind,
                original: entry["original"] as? String ?? "", mutated: entry["mutated"] as? String ?? "",
                before: entry["before"] as? [String] ?? [], after: entry["after"] as? [String] ?? [])
            let outcome = MutantOutcome(status: status, by: entry["by"] as? [String] ?? [], seconds: entry["seconds"] as? Double ?? 0)
            results.append(.init(mutant: mutant, outcome: outcome, cached: entry["cached"] as? Bool ?? false))
        }
        self.path = path
        run = MutationResults(
            results: results, targets: targets.compactMap { $0["target"] as? String }, command: document["command"] as? String ?? "",
            buildSeconds: 0, runSeconds: 0, wallSeconds: 0, mutantsRun: 0, jobs: 0, stopped: document["stopped"] as? String)
    }
}

/// Why a results file beside a report (the fuzz's, `tally mutate`'s) could not be read.
struct ResultsFileError: Error {
    var message: String
}
