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
        let document: FuzzReportJSON
        do {
            document = try JSONDecoder().decode(FuzzReportJSON.self, from: data)
        } catch FuzzReportJSON.Unreadable.property(let index) {
            throw fail("property \(index + 1) has no \"name\" or \"cases\"")
        } catch {
            throw fail("expected the JSON report that fuzz --report FILE.json writes, with a \"properties\" list")
        }
        self.path = path
        seed = document.seed
        stopped = document.stopped
        outcomes = document.properties
    }
}
