import Foundation

/// Runs this test executable again, in a child process, on the Swift Testing tests matching `filter`,
/// with the `TALLY_*` variables of this process removed and `environment` added; returns its exit
/// status and what it printed (standard output then standard error).
///
/// A `swift test` process reports some mistakes only when it exits (a selector that selected
/// nothing); a child process is how a test sees that exit.
public func runChildTests(filter: String, environment: [String: String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
    var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TALLY_") }
    variables["TALLY_EXAMPLES"] = "off"
    variables["NO_COLOR"] = "1"
    variables.merge(environment) { _, given in given }
    process.environment = variables
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("tally-child-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
}
