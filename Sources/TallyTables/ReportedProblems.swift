import Synchronization

/// The problems of table selections already reported in this process, and by whom.
///
/// Every test target of a package runs in one `swift test` process, and each that has tables reads
/// the same `TALLY_ROWS` and `TALLY_TAGS` against the same `Tables/` folder: a tag no row has would
/// fail in each of them, one mistake shown as three failures. So the first to report a problem fails
/// with it, and the others say in one line that it was reported (as a warning, which does not fail).
/// Swift Testing evaluates a test's arguments only when the test is to run, so the first reporter is
/// a test that runs: a problem is never reported zero times.
final class ReportedProblems: Sendable {
    /// The record of this process.
    static let shared = ReportedProblems()

    /// Who first reported each problem, by folder and message.
    private let reporters = Mutex<[String: String]>([:])

    /// Who reported `message`, about the tables under `root`, before `reporter` did; `nil` when
    /// `reporter` is the first (or reports it again), so that it must fail with it.
    func earlierReporter(of message: String, about root: String, reporter: String) -> String? {
        reporters.withLock { reporters in
            let key = root + "\n" + message
            guard let first = reporters[key] else {
                reporters[key] = reporter
                return nil
            }
            return first == reporter ? nil : first
        }
    }
}
