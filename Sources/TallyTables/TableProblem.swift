/// One thing wrong with a table, located as `path:line:column: message` so editors and CI pages link to it.
public struct TableProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The table's path as given.
    public var path: String
    /// The physical line, starting at 1.
    public var line: Int
    /// The column in characters, starting at 1; 0 when the problem concerns the whole line or file.
    public var column: Int
    /// What is wrong, and what was expected.
    public var message: String

    /// Creates a problem at `path:line:column`.
    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, or `path:line: message` without a column.
    public var description: String {
        column > 0 ? "\(path):\(line):\(column): \(message)" : "\(path):\(line): \(message)"
    }
}
