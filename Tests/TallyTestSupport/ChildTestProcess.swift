import Foundation

/// Runs this test executable again, in a child process, on the Swift Testing tests matching `filter`,
/// with the clean environment of the tests (``TestEnvironment``), saved examples off, and
/// `environment` added; returns its exit status and what it printed (standard output and error, interleaved).
///
/// A `swift test` process reports some mistakes only when it exits (a selector that selected
/// nothing); a child process is how a test sees that exit.
public func runChildTests(filter: String, environment: [String: String]) async throws -> (status: Int32, output: String)
{
    let run = try await WatchedProcess.run(
        ["--testing-library", "swift-testing", "--filter", filter],
        environment: ["TALLY_EXAMPLES": "off", "NO_COLOR": "1"].merging(environment) { $1 },
        executable: WatchedProcess.testExecutable, mergingErrors: true)
    return (run.status, run.out)
}
