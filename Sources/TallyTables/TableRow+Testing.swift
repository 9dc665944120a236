import Foundation
import Testing

extension TableRow: CustomTestStringConvertible {
    /// The row's name in test output: its `id` and location, or its location.
    public var testDescription: String { name }

    /// Where Swift Testing shows the row's issue: the CSV file and line.
    public var sourceLocation: SourceLocation {
        let components = path.split(separator: "/")
        let fileID = components.suffix(2).joined(separator: "/")
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return SourceLocation(fileID: fileID.contains("/") ? fileID : "Tables/" + fileID, filePath: absolute, line: max(line, 1), column: 1)
    }

    /// Runs the row inside a Swift Testing test and records one issue at the CSV line when it fails;
    /// a `pending` row that fails is recorded as a known issue, and a row standing for problems
    /// already reported as a failure records a warning.
    public func verify() async {
        if isAlreadyReported {
            Issue.record(Comment(rawValue: problems.map(\.message).joined(separator: "\n")), severity: .warning, sourceLocation: sourceLocation)
            return
        }
        let result = await run()
        switch result.verdict {
        case .passed:
            break
        case .knownIssue:
            withKnownIssue { Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation) }
        case .failed, .invalid, .unexpectedPass:
            Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation)
        }
    }
}
