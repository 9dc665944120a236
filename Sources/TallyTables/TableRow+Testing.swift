import Foundation
import Tally
import Testing

extension TableRow: CustomTestStringConvertible {
    /// The row's name in test output: its `id` and location, or its location.
    public var testDescription: String { name }

    /// Where Swift Testing shows the row's issue: the CSV file and line.
    public var sourceLocation: SourceLocation {
        let components = path.split(separator: "/")
        let fileID = components.suffix(2).joined(separator: "/")
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return SourceLocation(
            fileID: fileID.contains("/") ? fileID : "Tables/" + fileID, filePath: absolute, line: max(line, 1),
            column: 1)
    }

    /// Runs the row inside a Swift Testing test and records one issue at the CSV line when it fails (a
    /// known issue for a `pending` row). A row whose engine kills the process cannot be recorded: the
    /// process then prints which row it was running and how to run it alone (``crashNote``, Linux).
    public func verify() async {
        // A variable no row can run under ends the run here, with one message (TestRunEnvironment).
        _ = TestRunEnvironment.configuration(sourceLocation: sourceLocation)
        if isAlreadyReported {
            Issue.record(
                Comment(rawValue: problems.map(\.message).joined(separator: "\n")), severity: .warning,
                sourceLocation: sourceLocation)
            return
        }
        let flight = standsForProblems ? nil : RowFlight.arm(before: "\nTally: ", after: crashNote)
        let result = await run()
        flight?.disarm()
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

extension TableRow {
    /// What follows the signal's name when the engine kills the process running this row under
    /// `swift test`: ` killed the process while it was running the row Tables/claims/visits.csv:12
    /// (exact balance).` and a line to paste that runs the row alone.
    var crashNote: String {
        let shown = CrashWords.relativeToCurrentDirectory(path) + ":\(line)"
        let filter = Test.current.map { " --filter " + shellQuoted(ReplayLine.swiftTestFilter(for: $0)) } ?? ""
        return
            " killed the process while it was running the row "
            + "\(shown)\(id.map { " (\($0.escapingControlCharacters))" } ?? "").\n"
            + "  Run it alone: TALLY_ROWS=\(shellQuoted(shown)) swift test\(filter)\n"
    }
}
