import Foundation

/// Runs `body` with the path of a new, empty folder in the temporary directory, then deletes the folder
/// and everything in it, also when `body` throws: a test that writes files leaves nothing behind.
public func withTemporaryFolder<Result>(_ body: (String) throws -> Result) rethrows -> Result {
    let folder = makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

/// Runs the asynchronous `body` with the path of a new, empty folder in the temporary directory, then
/// deletes the folder and everything in it, also when `body` throws.
public func withTemporaryFolder<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> Result
) async rethrows -> Result {
    let folder = makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try await body(folder)
}

/// A new folder named `tally-test-<UUID>`. Should it fail to be created, the test's first write into it
/// fails and says why.
private func makeTemporaryFolder() -> String {
    let path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tally-test-" + UUID().uuidString)
        .path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
