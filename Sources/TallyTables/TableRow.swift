/// One row of a requirement table, bound to its spec and ready to run; also one Swift Testing case.
///
/// A row carries its own problems (bad cells, or the table's own problems for the row that stands for
/// a broken table): such a row fails without running, so nothing is silently skipped.
public struct TableRow: Sendable {
    /// The table's path as found (such as `Tables/claims/visits.csv`).
    public let path: String
    /// The table's binding, `<suite>/<table>`, such as `claims/visits`.
    public let binding: String
    /// The physical line where the row starts.
    public let line: Int
    /// The row's `id` cell, if any.
    public let id: String?
    /// The row's tags.
    public let tags: [String]
    /// The row's status.
    public let status: RowStatus
    /// Problems that keep the row from running.
    public let problems: [TableProblem]

    let spec: TableSpec?
    /// Input cells in column order: header, raw text, value.
    let inputs: [(column: String, text: String, value: CellValue)]
    /// In a scenario table, the inputs of the scenario's earlier steps.
    var previousSteps: [[(column: String, text: String, value: CellValue)]] = []
    /// Expected-output cells present in the table, in column order.
    let expected: [(column: TableColumn, text: String, value: CellValue, byteRange: Range<Int>)]

    /// The row's name: its `id`, or `file:line`.
    public var name: String { id.map { "\($0) (\(location))" } ?? location }

    /// `path:line`.
    public var location: String { "\(path):\(line)" }

    /// The same row with `problems` instead of its own.
    func withProblems(_ problems: [TableProblem]) -> TableRow {
        var row = TableRow(path: path, binding: binding, line: line, id: id, tags: tags, status: status,
                           problems: problems, spec: spec, inputs: inputs, expected: expected)
        row.previousSteps = previousSteps
        return row
    }

    /// The row's inputs as `column value` pairs, for messages.
    public var inputSummary: String {
        inputs.filter { !$0.text.isEmpty }.map { "\($0.column) \($0.text)" }.joined(separator: ", ")
    }
}

/// What a row's `status` cell says.
public enum RowStatus: String, Sendable, CaseIterable {
    /// An ordinary row: it must pass.
    case normal = ""
    /// A known issue: the row runs and is expected to fail; when it passes, that is reported so the
    /// status can be cleared.
    case pending
    /// A row added by `tally promote`, whose expected values a person must confirm: it runs normally
    /// and is listed as awaiting review.
    case review
}
