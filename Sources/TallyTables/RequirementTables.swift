import Foundation
import Testing

/// Runs requirement tables under Swift Testing: every row is its own parameterized test case.
///
/// ```swift
/// @Test(arguments: RequirementTables.rows(of: [ClaimsSpec.tables]))
/// func claimsTables(_ row: TableRow) { row.verify() }
/// ```
///
/// `swift test --filter` cannot pick one case of a parameterized test, so rows are selected with
/// `TALLY_ROWS=claims/visits.csv:14` (a table or rows, comma-separated) and `TALLY_TAGS=oop`.
public enum RequirementTables {
    /// The rows of every table of `suites` under `directory` (by default the package's `Tables/`),
    /// filtered by `TALLY_ROWS` and `TALLY_TAGS`. Broken tables contribute a failing row, never nothing.
    public static func rows(
        of suites: [TableSuite], in directory: String? = nil, filePath: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [TableRow] {
        let root = directory ?? tablesDirectory(near: filePath)
        let names = Set(suites.map(\.name))
        let paths = LoadedTable.tablePaths(under: root).filter { names.contains(LoadedTable.binding(ofPath: $0).split(separator: "/").first.map(String.init) ?? "") }
        let rows = paths.flatMap { LoadedTable.load(path: $0, suites: suites).testRows }
        return RowSelection(environment: environment).apply(to: rows)
    }

    /// The `Tables` folder beside the `Package.swift` above `filePath`, or `Tables` in the current folder.
    public static func tablesDirectory(near filePath: String) -> String {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Tables").path
            }
            url.deleteLastPathComponent()
        }
        return "Tables"
    }
}

/// Which rows to run: by location (`TALLY_ROWS`, `tally tables run PATH:LINE`) and by tag.
public struct RowSelection: Sendable {
    /// `path` or `path:line` selectors; a row matches when its path ends with the selector's path.
    public var locations: [(path: String, line: Int?)] = []
    /// Tags; a row matches when it has any of them.
    public var tags: [String] = []

    /// No selection: every row.
    public init() {}

    /// The selection `TALLY_ROWS` and `TALLY_TAGS` describe.
    public init(environment: [String: String]) {
        for item in (environment["TALLY_ROWS"] ?? "").split(separator: ",") {
            locations.append(Self.parseLocation(String(item).trimmingSpaces))
        }
        tags = (environment["TALLY_TAGS"] ?? "").split(separator: ",").map { String($0).trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
    }

    /// `path:14` → (`path`, 14); `path` → (`path`, nil).
    public static func parseLocation(_ text: String) -> (path: String, line: Int?) {
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            return (String(text[..<colon]), line)
        }
        return (text, nil)
    }

    /// The rows this selection keeps.
    public func apply(to rows: [TableRow]) -> [TableRow] {
        rows.filter { row in
            let locationMatches = locations.isEmpty || locations.contains { selector in
                let folder = selector.path.hasSuffix("/") ? selector.path : selector.path + "/"
                let pathMatches = row.path == selector.path || row.path.hasSuffix("/" + selector.path) || row.path.hasPrefix(folder)
                return pathMatches && (selector.line == nil || selector.line == row.line)
            }
            let tagMatches = tags.isEmpty || !Set(row.tags).isDisjoint(with: tags)
            return locationMatches && tagMatches
        }
    }
}

extension TableRow: CustomTestStringConvertible {
    /// The row's name in test output: its `id`, or `file:line`.
    public var testDescription: String { name }

    /// Where Swift Testing shows the row's issue: the CSV file and line.
    public var sourceLocation: SourceLocation {
        let components = path.split(separator: "/")
        let fileID = components.suffix(2).joined(separator: "/")
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return SourceLocation(fileID: fileID.contains("/") ? fileID : "Tables/" + fileID, filePath: absolute, line: max(line, 1), column: 1)
    }

    /// Runs the row inside a Swift Testing test and records one issue at the CSV line when it fails;
    /// a `pending` row that fails is recorded as a known issue.
    public func verify() async {
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
