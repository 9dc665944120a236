/// A requirement table read from disk and bound to its spec, all at once: its rows, and every
/// problem found. ``TableReader`` reads the same table a row at a time.
public struct LoadedTable: Sendable {
    /// The table's path as given.
    public let path: String
    /// The binding, `<suite>/<table>`.
    public let binding: String
    /// The rows that were read, each with its own cell problems.
    public let rows: [TableRow]
    /// Problems of the table itself: unreadable file, unknown binding, bad header, lines that are not
    /// rows, no rows.
    public let tableProblems: [TableProblem]

    /// Every problem, the table's and its rows', in file order.
    public var problems: [TableProblem] {
        (tableProblems + rows.flatMap(\.problems)).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The rows to run as test cases: every row, plus one row standing for the table's own problems
    /// (at most ``ProblemCap/perFile`` of them, then how many more).
    public var testRows: [TableRow] {
        guard !tableProblems.isEmpty else { return rows }
        let first = tableProblems.map(\.line).filter { $0 > 0 }.min() ?? 1
        return [
            TableRow.standing(
                for: ProblemCap.capped(tableProblems), path: path, binding: binding, line: first, name: "the table")
        ] + rows
    }

    /// Reads the table at `path` and binds it to its spec among `suites`: by `binding` when given
    /// (`claims/visits`), otherwise by its place, `…/<suite>/<table>.csv`. With `contents`, reads them as
    /// the table's content instead of the file (``TableReader/init(path:contents:binding:suites:)``).
    public static func load(
        path: String, contents: [UInt8]? = nil, binding: String? = nil, suites: [TableSuite]
    ) -> LoadedTable {
        var reader = TableReader(path: path, contents: contents, binding: binding, suites: suites)
        var rows: [TableRow] = [], problems: [TableProblem] = []
        while let entry = reader.next() {
            switch entry {
            case .row(let row): rows.append(row)
            case .problem(let problem): problems.append(problem)
            }
        }
        return LoadedTable(path: path, binding: reader.binding, rows: rows, tableProblems: problems)
    }

    /// `claims/visits` for `…/claims/visits.csv`.
    public static func binding(ofPath path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        guard components.count >= 2, let file = components.last, file.lowercased().hasSuffix(".csv") else { return "" }
        return components[components.count - 2] + "/" + String(file.dropLast(4))
    }

    /// Every `.csv` file under `directory`, sorted, or `directory` itself when it is a file.
    public static func tablePaths(under directory: String) -> [String] { TableFiles(under: directory).tables }
}
