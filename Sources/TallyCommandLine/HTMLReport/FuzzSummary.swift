import Foundation

/// What a nightly fuzz found, read back from the JSON report `tally fuzz --report DIR/summary.json`
/// writes, so that the requirements report written beside it (`DIR/index.html`) shows it with the
/// properties.
struct FuzzSummary {
    struct Outcome {
        var name: String
        var cases: Int
        var casesPerSecond: Int
        var labels: [String: Int]
        var gaveUp: String?
        /// Why it did not run at all (the time budget was spent, the run was stopped).
        var notRun: String?
        var failure: Failure?
    }

    struct Failure {
        var kind: String
        var value: String
        var message: String
        var replay: String
        var isNew: Bool
        var saved: String
    }

    var path: String
    var seed: String
    var outcomes: [Outcome]
    /// What stopped the run before its end (`stopped by SIGINT after 0:03`), if something did.
    var stopped: String?

    /// The fuzz results beside the report whose index is `indexPath`: `nil` when there are none, a
    /// failure naming the file and what is wrong with it when they cannot be read.
    static func beside(indexPath: String) -> Result<FuzzSummary, ResultsFileError>? {
        HTMLReport.file("summary.json", besideIndex: indexPath) { path throws(ResultsFileError) in try FuzzSummary(path: path) }
    }

    /// Reads the JSON report at `path`.
    init(path: String) throws(ResultsFileError) {
        func fail(_ problem: String) -> ResultsFileError {
            ResultsFileError(message: "cannot read the fuzz results \(path): \(problem)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("no such file") }
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let properties = document["properties"] as? [[String: Any]]
        else { throw fail("expected the JSON report that fuzz --report FILE.json writes, with a \"properties\" list") }
        self.path = path
        seed = document["seed"] as? String ?? ""
        stopped = document["stopped"] as? String
        var outcomes: [Outcome] = []
        for (index, entry) in properties.enumerated() {
            guard let name = entry["name"] as? String, let cases = entry["cases"] as? Int else {
                throw fail("property \(index + 1) has no \"name\" or \"cases\"")
            }
            var outcome = Outcome(name: name, cases: cases, casesPerSecond: entry["cases_per_s"] as? Int ?? 0,
                                  labels: entry["labels"] as? [String: Int] ?? [:], gaveUp: entry["gave_up"] as? String,
                                  notRun: entry["not_run"] as? String)
            if let failure = entry["failure"] as? [String: Any] {
                outcome.failure = Failure(
                    kind: failure["kind"] as? String ?? "failure", value: failure["value"] as? String ?? "",
                    message: failure["message"] as? String ?? "", replay: failure["replay"] as? String ?? "",
                    isNew: failure["new"] as? Bool ?? false, saved: failure["saved"] as? String ?? "")
            }
            outcomes.append(outcome)
        }
        self.outcomes = outcomes
    }
}
