import Foundation

/// A requirement table read from disk and bound to its spec: its rows, and every problem found.
public struct LoadedTable: Sendable {
    /// The table's path as given.
    public let path: String
    /// The binding, `<suite>/<table>`.
    public let binding: String
    /// The rows that were read, each with its own cell problems.
    public let rows: [TableRow]
    /// Problems of the table itself: unreadable file, unknown binding, bad header, no rows, malformed CSV.
    public let tableProblems: [TableProblem]

    /// Every problem, the table's and its rows', in file order.
    public var problems: [TableProblem] {
        (tableProblems + rows.flatMap(\.problems)).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The rows to run as test cases: every row, plus one row standing for the table's own problems.
    public var testRows: [TableRow] {
        guard !tableProblems.isEmpty else { return rows }
        let first = tableProblems.map(\.line).min() ?? 1
        return [TableRow(path: path, binding: binding, line: max(first, 1), id: nil, tags: [], status: .normal,
                         problems: tableProblems, spec: nil, inputs: [], expected: [])] + rows
    }

    /// Reads the table at `path` and binds it to its spec among `suites`: by `binding` when given
    /// (`claims/visits`), otherwise by its place, `…/<suite>/<table>.csv`.
    public static func load(path: String, binding: String? = nil, suites: [TableSuite]) -> LoadedTable {
        let resolvedBinding = binding ?? Self.binding(ofPath: path)
        var problems: [TableProblem] = []
        func fail(_ message: String, line: Int = 1, column: Int = 0) -> LoadedTable {
            LoadedTable(path: path, binding: resolvedBinding, rows: [], tableProblems: problems + [TableProblem(path: path, line: line, column: column, message: message)])
        }
        let parts = resolvedBinding.split(separator: "/").map(String.init)
        guard parts.count == 2 else { return fail("cannot tell the spec of this table: put it at Tables/<spec>/<table>.csv or bind it with --as <spec>/<table>") }
        guard let suite = suites.first(where: { $0.name == parts[0] }) else {
            return fail("no spec is named \"\(parts[0])\"; known specs: \(suites.map(\.name).sorted().joined(separator: ", "))")
        }
        guard let spec = suite.tables.first(where: { $0.name == parts[1] }) else {
            return fail("spec \"\(suite.name)\" has no table \"\(parts[1])\"; its tables: \(suite.tables.map(\.name).sorted().joined(separator: ", "))")
        }
        var reader: CSVReader
        do {
            reader = try CSVReader(contentsOf: path)
        } catch {
            return LoadedTable(path: path, binding: resolvedBinding, rows: [], tableProblems: [error])
        }
        var header: CSVRecord?
        var records: [CSVRecord] = []
        while let result = reader.next() {
            switch result {
            case .success(let record):
                if header == nil { header = record } else { records.append(record) }
            case .failure(let problem):
                problems.append(problem)
            }
        }
        guard let header else { return fail("the table is empty: expected a header line naming its columns") }
        let binder = HeaderBinder(spec: spec, header: header, path: path)
        problems += binder.problems
        guard binder.problems.isEmpty else {
            return LoadedTable(path: path, binding: resolvedBinding, rows: [], tableProblems: problems)
        }
        if records.isEmpty && problems.isEmpty {
            problems.append(TableProblem(path: path, line: header.line, column: 0, message: "the table has no rows: add at least one example below the header"))
        }
        var rows = records.map { binder.row(from: $0, binding: resolvedBinding) }
        if let scenarioColumn = spec.scenarioColumn {
            rows = Self.linkScenarioSteps(rows, scenarioColumn: TableColumn.normalize(scenarioColumn))
        }
        return LoadedTable(path: path, binding: resolvedBinding, rows: rows, tableProblems: problems)
    }

    /// Gives each row of a scenario the inputs of the steps before it; a step after a broken step
    /// cannot run either.
    static func linkScenarioSteps(_ rows: [TableRow], scenarioColumn: String) -> [TableRow] {
        var steps: [String: [TableRow]] = [:]
        return rows.map { row in
            let scenario = row.inputs.first { TableColumn.normalize($0.column) == scenarioColumn }?.text ?? ""
            var linked = row
            let earlier = steps[scenario, default: []]
            linked.previousSteps = earlier.map(\.inputs)
            if let broken = earlier.first(where: { !$0.problems.isEmpty }), row.problems.isEmpty {
                linked = linked.withProblems([TableProblem(path: row.path, line: row.line, column: 0,
                    message: "scenario \"\(scenario)\" cannot continue: its step at line \(broken.line) has a problem")])
            }
            steps[scenario, default: []].append(linked)
            return linked
        }
    }

    /// `claims/visits` for `…/claims/visits.csv`.
    public static func binding(ofPath path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        guard components.count >= 2, let file = components.last, file.lowercased().hasSuffix(".csv") else { return "" }
        return components[components.count - 2] + "/" + String(file.dropLast(4))
    }

    /// Every `.csv` file under `directory`, sorted, or `directory` itself when it is a file.
    public static func tablePaths(under directory: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [directory] }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let files = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.lowercased().hasSuffix(".csv") }.sorted().map { base + "/" + $0 }
    }
}

/// Matches a table's header to its spec's columns and reads rows through them.
struct HeaderBinder {
    let spec: TableSpec
    let path: String
    /// For each field position, the spec column or standard column it holds.
    var slots: [Slot] = []
    var problems: [TableProblem] = []

    enum Slot {
        case column(TableColumn, header: String)
        case standard(StandardColumn)
    }

    init(spec: TableSpec, header: CSVRecord, path: String) {
        self.spec = spec
        self.path = path
        var seen: [String: Int] = [:]
        let known = spec.columns.map(\.name) + StandardColumn.allCases.map(\.rawValue)
        for field in header.fields {
            let normalized = TableColumn.normalize(field.text)
            if let earlier = seen[normalized] {
                problems.append(TableProblem(path: path, line: field.line, column: field.column, message: "column \"\(field.text)\" appears twice (first at column \(earlier))"))
                continue
            }
            seen[normalized] = field.column
            if let column = spec.column(named: field.text) {
                slots.append(.column(column, header: field.text))
            } else if let standard = StandardColumn(rawValue: normalized) {
                slots.append(.standard(standard))
            } else {
                let suggestion = Self.closest(to: normalized, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                problems.append(TableProblem(
                    path: path, line: field.line, column: field.column,
                    message: "unknown column \"\(field.text)\"\(suggestion); known columns: \(known.joined(separator: ", "))"))
            }
        }
        for column in spec.columns where column.isRequired && seen[TableColumn.normalize(column.name)] == nil {
            problems.append(TableProblem(path: path, line: header.line, column: 0, message: "missing required column \"\(column.name)\""))
        }
    }

    func row(from record: CSVRecord, binding: String) -> TableRow {
        var id: String?
        var tags: [String] = []
        var status = RowStatus.normal
        var problems: [TableProblem] = []
        var inputs: [(column: String, text: String, value: CellValue)] = []
        var expected: [(column: TableColumn, text: String, value: CellValue, byteRange: Range<Int>)] = []
        for (slot, field) in zip(slots, record.fields) {
            switch slot {
            case .standard(.id):
                id = field.text.trimmingSpaces.isEmpty ? nil : field.text.trimmingSpaces
            case .standard(.note):
                break
            case .standard(.tags):
                tags = field.text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
            case .standard(.status):
                let text = field.text.trimmingSpaces.lowercased()
                if let parsed = RowStatus(rawValue: text) {
                    status = parsed
                } else {
                    problems.append(TableProblem(path: path, line: field.line, column: field.column, message: "status \"\(field.text)\" is not known: expected an empty cell, pending or review"))
                }
            case .column(let column, let header):
                if column.isOutput {
                    if field.text.trimmingSpaces.isEmpty {
                        expected.append((column, "", .empty, field.byteRange))
                    } else if let value = column.kind.parse(field.text) {
                        expected.append((column, field.text, value, field.byteRange))
                    } else {
                        problems.append(cellProblem(field, header: header, kind: column.kind))
                    }
                } else if let value = column.kind.parse(field.text) {
                    inputs.append((header, field.text.trimmingSpaces, value))
                    problems += referenceProblems(column, field, value)
                } else {
                    problems.append(cellProblem(field, header: header, kind: column.kind))
                }
            }
        }
        return TableRow(path: path, binding: binding, line: record.line, id: id, tags: tags, status: status,
                        problems: problems, spec: spec, inputs: inputs, expected: expected)
    }

    private func cellProblem(_ field: CSVField, header: String, kind: CellKind) -> TableProblem {
        let found = field.text.trimmingSpaces.isEmpty ? "the cell is empty" : "\"\(field.text)\" is not valid"
        return TableProblem(path: path, line: field.line, column: field.column, message: "column \"\(header)\": \(found); expected \(kind.expected)")
    }

    /// The known name nearest to `name` by edit distance, when it is close enough to be a typo.
    static func closest(to name: String, in known: [String]) -> String? {
        let candidates = known.map { ($0, editDistance(Array(name), Array(TableColumn.normalize($0)))) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= max(1, name.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
