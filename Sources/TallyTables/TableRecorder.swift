import Foundation
import Tally

/// Fills a table's empty expected-output cells with the engine's actual values (FitNesse's fill-in).
///
/// Only empty expected cells change; every other byte of the file — comments, quoting, line ends —
/// stays as it was. The edits are returned for review and written only when asked, atomically.
public enum TableRecorder {
    /// One filled cell.
    public struct Edit: Sendable, Equatable {
        /// The row's line.
        public var line: Int
        /// The output column.
        public var column: String
        /// The value written into the cell.
        public var value: String
    }

    /// The edits that fill `table`'s empty expected cells (only on `lines`, when given), and the
    /// file's new bytes: of `contents`, the bytes `table` was loaded from when not its file's. Rows run
    /// in this process: when one's engine kills it (a trap), the process prints
    /// `Tally: a trap (SIGILL)` and the row's `crashNote` before it dies (Linux).
    public static func fill(
        _ table: LoadedTable, contents: [UInt8]? = nil, lines: Set<Int>? = nil,
        crashNote: (TableRow) -> String? = { _ in nil }
    ) async throws -> (edits: [Edit], bytes: [UInt8]) {
        guard var bytes = contents ?? FileManager.default.contents(atPath: table.path).map({ [UInt8]($0) }) else {
            throw TableProblem(path: table.path, line: 0, column: 0, message: "cannot be read")
        }
        var replacements: [(range: Range<Int>, text: String)] = []
        var edits: [Edit] = []
        let delimiter = CSVReader(bytes: bytes, path: table.path).delimiter
        for row in table.rows where row.problems.isEmpty && (lines?.contains(row.line) ?? true) {
            let flight = crashNote(row).flatMap { RowFlight.arm(before: "\nTally: ", after: $0) }
            let result = await row.run()
            flight?.disarm()
            for cell in row.expected where cell.value == .empty {
                guard let actual = result.actual[cell.column.name], !actual.isEmpty else { continue }
                edits.append(Edit(line: row.line, column: cell.column.name, value: actual))
                replacements.append((cell.byteRange, quoted(actual, delimiter: delimiter)))
            }
        }
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
        }
        return (edits, bytes)
    }

    /// `text` as a CSV field: quoted when it holds the delimiter, a quote or a line break.
    public static func quoted(_ text: String, delimiter: UInt8) -> String {
        let needsQuotes = text.utf8.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
