import Foundation

/// What a nightly fuzz found, read back from the JSON report `tally fuzz --report DIR/summary.json`
/// writes, so that the requirements report written beside it (`DIR/index.html`) shows it with the
/// properties.
struct FuzzSummary {
    /// One property's run, as the report has it.
    typealias Outcome = FuzzReportJSON.Property

    var path: String
    var seed: String
    var outcomes: [Outcome]
    /// What stopped the run before its end (`stopped by SIGINT after 0:03`), if something did.
    var stopped: String?
    /// In a merged report, what keeps it from standing for one whole run (a shard missing, of another
    /// commit, split or budget); each is a failure.
    var problems: [String]

    /// Reads the JSON report at `path`.
    init(path: String) throws(ResultsFileError) {
        let document = try FuzzReportJSON.read(
            path, what: "fuzz results",
            expected: "expected the JSON report that fuzz --report FILE.json writes, with a \"properties\" list"
        ) { "property \($0 + 1) has no \"name\" or \"cases\"" }
        self.path = path
        seed = document.seed
        stopped = document.stopped
        outcomes = document.properties
        problems = document.problems ?? []
    }
}
