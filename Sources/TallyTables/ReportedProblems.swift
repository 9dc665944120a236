import Synchronization

/// The problems of table selections already reported in this process, and by whom. The test targets of
/// a package share one `swift test` process and one `Tables/` folder, so a tag no row has would fail in
/// each: the first to report a problem fails with it, the others warn in one line. Swift Testing evaluates
/// a test's arguments only when the test runs, so a problem is never reported zero times.
final class ReportedProblems: Sendable {
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
