/// One row of a requirement table, bound to its spec and ready to run; also one Swift Testing case.
///
/// A row carries its own problems (bad cells, or the table's own problems for the row that stands for
/// a broken table): such a row fails without running, so nothing is silently skipped.
public struct TableRow: Sendable {
    /// One input cell: its header, its text, its value.
    struct Input: Sendable {
        var column: String, text: String, value: CellValue
    }

    /// One expected-output cell: its column, its text as written, its value, and the bytes it takes in
    /// the file, for filling it in.
    struct Expected: Sendable {
        var column: TableColumn, text: String, value: CellValue, byteRange: Range<Int>
    }

    /// The table's path as found (such as `Tables/claims/visits.csv`).
    public let path: String
    /// The table's binding, `<suite>/<table>`, such as `claims/visits`.
    public let binding: String
    /// The physical line where the row starts.
    public let line: Int
    /// The row's number in a spreadsheet; it differs from `line` after a quoted cell that spans lines.
    public let row: Int
    /// The physical line where the row ends (after `line` when a quoted cell spans lines).
    public let endLine: Int
    /// The row's `id` cell, if any.
    public let id: String?
    /// The row's tags.
    public let tags: [String]
    /// The row's status.
    public let status: RowStatus
    /// Problems that keep the row from running.
    public internal(set) var problems: [TableProblem]

    let spec: TableSpec?
    /// Input cells in column order.
    let inputs: [Input]
    /// In a scenario table, the inputs of the scenario's earlier steps.
    var previousSteps: [[Input]] = []
    /// Expected-output cells present in the table, in column order.
    let expected: [Expected]
    /// Whether this row stands for problems already reported as a failure in this process: it then
    /// only warns (``RequirementTables`` explains why).
    var isAlreadyReported = false

    /// A row that runs nothing and fails with `problems`: it stands for a broken table, or for a
    /// selection that selects nothing, so that neither passes silently. `name` is its test name.
    public static func standing(
        for problems: [TableProblem], path: String, binding: String, line: Int = 1, name: String? = nil
    ) -> TableRow {
        let line = max(line, 1)
        return TableRow(
            path: path, binding: binding, line: line, row: line, endLine: line, id: name, tags: [],
            status: .normal, problems: problems, spec: nil, inputs: [], expected: [])
    }

    /// Whether this row stands for problems of its table (or of a selection) rather than for a row.
    public var standsForProblems: Bool { spec == nil }

    /// The input columns its spec shows beside its verdicts (``TableSpec/identifyingRows(by:)``);
    /// none for a row that stands for problems.
    public var identifyingColumns: [String] { spec?.identifyingColumns ?? [] }

    /// The row's name: its `id` and location, or its location.
    public var name: String {
        guard let id else { return place }
        return "\(id.escapingControlCharacters) (\(location)\(row == line ? "" : ", spreadsheet row \(row)"))"
    }

    /// `path:line`.
    public var location: String { "\(path):\(line)" }

    /// `path:line`, followed by the spreadsheet row when it differs from the line.
    public var place: String { row == line ? location : "\(location) (spreadsheet row \(row))" }

    /// The row's inputs as its spec reads them, with those of the scenario's earlier steps.
    var specInput: TableRowInput { input(inputs, previous: previousSteps.map { input($0, previous: []) }) }

    private func input(_ cells: [Input], previous: [TableRowInput]) -> TableRowInput {
        var values: [String: CellValue] = [:]
        for cell in cells { values[TableColumn.normalize(cell.column)] = cell.value }
        return TableRowInput(values: values, location: location, previousSteps: previous, binding: binding)
    }

    /// The text of the input cell whose normalized column name is `column`; empty when there is none.
    func inputText(_ column: String) -> String {
        inputs.first { TableColumn.normalize($0.column) == column }?.text ?? ""
    }

    /// The row's inputs as `column value` pairs, for messages.
    public var inputSummary: String {
        inputs.filter { !$0.text.isEmpty }.map { "\($0.column) \($0.text)".escapingControlCharacters }.joined(
            separator: ", ")
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
