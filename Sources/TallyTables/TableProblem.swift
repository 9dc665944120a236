/// One thing wrong with a table, located as `path:line:column: message` so editors and CI pages link to it.
public struct TableProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The table's path as given.
    public var path: String
    /// The physical line, starting at 1; 0 when the problem concerns the whole file.
    public var line: Int
    /// The column in characters, starting at 1; 0 when the problem concerns the whole line or file.
    public var column: Int
    /// The row as a spreadsheet numbers it, when known; it differs from `line` after a quoted cell
    /// that spans lines.
    public var row: Int?
    /// What is wrong, and what was expected.
    public var message: String

    /// Creates a problem at `path:line:column`, in spreadsheet row `row`.
    public init(path: String, line: Int, column: Int, row: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.row = row
        self.message = message
    }

    /// `path:line:column: message`, or `path:line: message` without a column, or `path: message`
    /// for the whole file, or the message alone without a path (a selector's problem);
    /// ` (spreadsheet row N)` follows when the spreadsheet numbers the row otherwise.
    public var description: String {
        let location = line == 0 ? path : column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)"
        let spreadsheetRow = row.map { $0 != line ? " (spreadsheet row \($0))" : "" } ?? ""
        return (location.isEmpty ? "" : location + ": ") + message.escapingControlCharacters + spreadsheetRow
    }
}
