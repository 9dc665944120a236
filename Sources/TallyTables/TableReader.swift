/// Reads a requirement table one row at a time, bound to its spec, in file order: each row with its own
/// cell problems, and each problem of the table itself. A table without rows, or whose every row is
/// pending, is a problem too: a table must check something.
public struct TableReader: IteratorProtocol {
    /// A row, or a problem of the table.
    public enum Entry: Sendable {
        /// A row, with its own cell problems if it has any.
        case row(TableRow)
        /// A problem of the table itself.
        case problem(TableProblem)
    }

    /// The table's path as given.
    public let path: String
    /// The binding, `<suite>/<table>`.
    public let binding: String
    private var reader: CSVReader?
    private var binder: HeaderBinder?
    private var spec: TableSpec?
    private var header: CSVRecord?
    private var queue: [Entry] = []
    private var finished = false
    private var rows = 0, pendingRows = 0, problems = 0
    private var idLines: [String: Int] = [:]
    private var reportedUnnamed: Set<String> = []
    private var scenarios: [String: (steps: [[TableRow.Input]], brokenLine: Int?)] = [:]

    /// Opens the table at `path` and finds its spec among `suites`: by `binding` when given
    /// (`claims/visits`), otherwise by its place, `…/<suite>/<table>.csv`. With `contents`, reads them as
    /// the table's content instead of the file: a table about to be written, checked before it is.
    public init(path: String, contents: [UInt8]? = nil, binding: String? = nil, suites: [TableSuite]) {
        self.path = path
        self.binding = binding ?? LoadedTable.binding(ofPath: path)
        let parts = self.binding.split(separator: "/").map(String.init)
        guard parts.count == 2 else {
            fail(
                "cannot tell the spec of this table: put it at Tables/<spec>/<table>.csv or bind it "
                    + "with --as <spec>/<table>"
            )
            return
        }
        guard let suite = suites.first(where: { $0.name == parts[0] }) else {
            fail(
                "no spec is named \(parts[0].quotedForMessage); known specs: "
                    + "\(suites.map(\.name).sorted().joined(separator: ", "))"
            )
            return
        }
        guard let spec = suite.tables.first(where: { $0.name == parts[1] }) else {
            fail(
                "spec \"\(suite.name)\" has no table \(parts[1].quotedForMessage); its tables: "
                    + "\(suite.tables.map(\.name).sorted().joined(separator: ", "))"
            )
            return
        }
        self.spec = spec
        if let contents {
            reader = CSVReader(bytes: contents, path: path)
            return
        }
        do {
            reader = try CSVReader(contentsOf: path)
        } catch {
            queue.append(.problem(error))
            finished = true
        }
    }

    private mutating func fail(_ message: String) {
        queue.append(.problem(TableProblem(path: path, line: 1, column: 0, message: message)))
        finished = true
    }

    /// The next row or problem, or `nil` after the last.
    public mutating func next() -> Entry? {
        while true {
            if !queue.isEmpty { return queue.removeFirst() }
            guard !finished else { return nil }
            guard let result = reader?.next() else {
                finish()
                continue
            }
            switch result {
            case .failure(let problem):
                problems += 1
                if header == nil { finished = true }  // without its header, no line can be bound
                return .problem(problem)
            case .success(let record):
                guard let binder else {
                    bindHeader(record)
                    continue
                }
                return .row(bind(record, with: binder))
            }
        }
    }

    private mutating func bindHeader(_ record: CSVRecord) {
        header = record
        let binder = HeaderBinder(spec: spec!, header: record, path: path, binding: binding)
        guard binder.problems.isEmpty else {
            problems += binder.problems.count
            queue += binder.problems.map(Entry.problem)
            finished = true
            return
        }
        self.binder = binder
    }

    private mutating func bind(_ record: CSVRecord, with binder: HeaderBinder) -> TableRow {
        var row = binder.row(from: record)
        rows += 1
        if row.status == .pending { pendingRows += 1 }
        if let id = row.id, let position = binder.idPosition {
            if let first = idLines[id] {
                let field = record.fields[position]
                row.problems.append(
                    TableProblem(
                        path: path, line: field.line, column: field.column, row: record.row,
                        message:
                            "id \(id.quotedForMessage) is also the id of the row at line \(first): "
                            + "give each row its own id"
                    ))
            } else {
                idLines[id] = row.line
            }
        }
        for (letter, field) in binder.unnamedCells(of: record) where reportedUnnamed.insert(letter).inserted {
            problems += 1
            queue.append(
                .problem(
                    TableProblem(
                        path: path, line: field.line, column: field.column, row: record.row,
                        message:
                            "column \(letter) has no header, but this cell holds \(field.text.quotedForMessage): "
                            + "name the column, or clear its cells"
                    )))
        }
        if let scenarioColumn = spec?.scenarioColumn {
            link(&row, record, binder, scenarioColumn: TableColumn.normalize(scenarioColumn))
        }
        return row
    }

    /// Gives a row of a scenario the inputs of the steps before it; a step after a broken step cannot
    /// run either.
    private mutating func link(
        _ row: inout TableRow, _ record: CSVRecord, _ binder: HeaderBinder, scenarioColumn: String
    ) {
        let scenario = row.inputText(scenarioColumn)
        let earlier = scenarios[scenario] ?? ([], nil)
        row.previousSteps = earlier.steps
        if let broken = earlier.brokenLine {
            if row.problems.isEmpty {
                row.problems = [
                    TableProblem(
                        path: path, line: row.line, column: 0, row: row.row,
                        message:
                            "scenario \(scenario.quotedForMessage) cannot continue: "
                            + "its step at line \(broken) has a problem"
                    )
                ]
            }
        } else {
            row.problems += binder.earlierStepProblems(record, scenario: scenario, earlierSteps: earlier.steps)
            if !row.problems.isEmpty { scenarios[scenario, default: ([], nil)].brokenLine = row.line }
        }
        scenarios[scenario, default: ([], nil)].steps.append(row.inputs)
    }

    private mutating func finish() {
        finished = true
        guard let header else {
            if problems == 0 { fail("the table is empty: expected a header line naming its columns") }
            return
        }
        if rows == 0, problems == 0 {
            queue.append(
                .problem(
                    TableProblem(
                        path: path, line: header.line, column: 0, row: header.row,
                        message: "the table has no rows: add at least one example below the header")))
        } else if rows > 0, pendingRows == rows {
            queue.append(
                .problem(
                    TableProblem(
                        path: path, line: header.line, column: 0, row: header.row,
                        message:
                            "every row is pending, so the table checks nothing: make a row pass and clear its status")))
        }
    }
}
