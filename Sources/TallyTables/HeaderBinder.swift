import Tally

/// Matches a table's header to its spec's columns and reads rows through them.
struct HeaderBinder {
    let spec: TableSpec
    let path: String
    /// The table's binding, `<spec>/<table>`, which says where its setup tables are.
    let binding: String
    /// For each field position, the spec column or standard column it holds.
    var slots: [Slot] = []
    var problems: [TableProblem] = []
    /// The positions and letters of the columns without a header.
    private var unnamedColumns: [(position: Int, letter: String)] = []

    enum Slot {
        case column(TableColumn, header: String)
        case standard(StandardColumn)
        /// A column without a header: ignored when it comes after the last named column (spreadsheets
        /// add such columns) and its cells are empty; named by its spreadsheet letter otherwise.
        case unnamed(letter: String)
    }

    init(spec: TableSpec, header: CSVRecord, path: String, binding: String) {
        self.spec = spec
        self.path = path
        self.binding = binding
        var seen: [String: Int] = [:]
        let known = spec.columns.map(\.name) + StandardColumn.allCases.map(\.rawValue)
        let lastNamed = header.fields.lastIndex { !TableColumn.normalize($0.text).isEmpty } ?? -1
        func problem(_ field: CSVField, _ message: String) {
            problems.append(
                TableProblem(path: path, line: field.line, column: field.column, row: header.row, message: message))
        }
        // A spec column named like one of Tally's own would take that column's place, so rows of the
        // table could never be named, tagged or marked pending.
        for column in spec.columns {
            guard let standard = StandardColumn(rawValue: TableColumn.normalize(column.name)) else { continue }
            problems.append(
                TableProblem(
                    path: path, line: header.line, column: 0, row: header.row,
                    message: """
                        the spec's column "\(column.name)" has the name of Tally's own \(standard.rawValue) \
                        column (\(standard.role)); \
                        rename it in the spec's TableSpec "\(spec.name)"
                        """))
        }
        var suggested = Set<String>()
        for (position, field) in header.fields.enumerated() {
            let normalized = TableColumn.normalize(field.text)
            if normalized.isEmpty {
                slots.append(.unnamed(letter: Self.letter(ofColumn: position)))
                if position < lastNamed {
                    problem(
                        field, "column \(Self.letter(ofColumn: position)) has no header: name it, or delete the column")
                }
                continue
            }
            // Spreadsheet letters, as cell problems give them: what a person editing the table sees.
            let letter = Self.letter(ofColumn: position)
            if let earlier = seen[normalized] {
                problem(
                    field,
                    "column \(field.text.quotedForMessage) appears twice: "
                        + "spreadsheet columns \(Self.letter(ofColumn: earlier)) and \(letter)"
                )
                continue
            }
            seen[normalized] = position
            if let column = spec.column(named: field.text) {
                slots.append(.column(column, header: field.text))
                // A setup table that cannot be read is one problem of the table, not one of every row.
                do {
                    _ = try column.setupDefinitions?(path, binding)
                } catch {
                    problem(field, "column \(field.text.quotedForMessage): \(error.message)")
                }
            } else if let standard = StandardColumn(rawValue: normalized) {
                slots.append(.standard(standard))
            } else {
                let closest = Self.closest(to: normalized, in: known)
                if let closest { suggested.insert(TableColumn.normalize(closest)) }
                let suggestion = closest.map { " (did you mean \"\($0)\"?)" } ?? ""
                problem(
                    field,
                    "unknown column \(field.text.quotedForMessage) in spreadsheet column \(letter)\(suggestion); "
                        + "known columns: \(known.joined(separator: ", "))"
                )
            }
        }
        unnamedColumns = slots.enumerated().compactMap { position, slot in
            if case .unnamed(let letter) = slot { (position, letter) } else { nil }
        }
        // A misspelt column is one mistake: the column it was meant to be is not also "missing".
        for column in spec.columns
        where column.isRequired && seen[TableColumn.normalize(column.name)] == nil
            && !suggested.contains(TableColumn.normalize(column.name))
        {
            let message =
                column.isOutput
                ? "missing expected column \"\(column.name)\": the spec checks it on every row, "
                    + "so the table must have it"
                : "missing required column \"\(column.name)\""
            problems.append(TableProblem(path: path, line: header.line, column: 0, row: header.row, message: message))
        }
        for rule in spec.columnSets {
            guard let message = rule.problem(present: Set(seen.keys).union(suggested)) else { continue }
            problems.append(TableProblem(path: path, line: header.line, column: 0, row: header.row, message: message))
        }
        for message in spec.identifyingProblems(binding: binding) {
            problems.append(TableProblem(path: path, line: header.line, column: 0, row: header.row, message: message))
        }
    }

    /// The position of the `id` column, if the table has one.
    var idPosition: Int? {
        slots.firstIndex { if case .standard(.id) = $0 { true } else { false } }
    }

    /// The spreadsheet letter of the column at `position` (from 0): A, …, Z, AA, AB, ….
    static func letter(ofColumn position: Int) -> String {
        var number = position + 1, letters = ""
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        return letters
    }

    /// The cells of `record` in columns without a header that are not empty, with their letters.
    func unnamedCells(of record: CSVRecord) -> [(letter: String, field: CSVField)] {
        unnamedColumns.compactMap { position, letter in
            guard position < record.fields.count, !record.fields[position].text.trimmingSpaces.isEmpty else {
                return nil
            }
            return (letter, record.fields[position])
        }
    }

    func row(from record: CSVRecord) -> TableRow {
        var id: String?
        var tags: [String] = []
        var status = RowStatus.normal
        var problems: [TableProblem] = []
        var inputs: [TableRow.Input] = []
        var expected: [TableRow.Expected] = []
        func problem(_ field: CSVField, _ message: String) {
            problems.append(
                TableProblem(path: path, line: field.line, column: field.column, row: record.row, message: message))
        }
        for (position, (slot, field)) in zip(slots, record.fields).enumerated() {
            // The spreadsheet's name for the cell, "L3": what a person editing the table looks for.
            let cell = Self.letter(ofColumn: position) + String(record.row)
            switch slot {
            case .standard(.id):
                id = field.text.trimmingSpaces.isEmpty ? nil : field.text.trimmingSpaces
            case .standard(.note), .unnamed:
                break
            case .standard(.tags):
                tags = field.text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
            case .standard(.status):
                if let parsed = RowStatus(rawValue: field.text.trimmingSpaces.lowercased()) {
                    status = parsed
                } else {
                    problem(
                        field,
                        "status (cell \(cell)) \(field.text.quotedForMessage) is not known: "
                            + "expected an empty cell, pending or review"
                    )
                }
            case .column(let column, let header):
                let value =
                    column.isOutput && field.text.trimmingSpaces.isEmpty ? .empty : column.kind.parse(field.text)
                guard let value else {
                    problem(field, cellProblem(field.text, header: header, cell: cell, kind: column.kind))
                    continue
                }
                if column.isOutput {
                    expected.append(
                        .init(
                            column: column, text: value == .empty ? "" : field.text, value: value,
                            byteRange: field.byteRange))
                } else {
                    inputs.append(.init(column: header, text: field.text.trimmingSpaces, value: value))
                    problems += referenceProblems(column, field, value, cell: cell, row: record.row)
                }
            }
        }
        return TableRow(
            path: path, binding: binding, line: record.line, row: record.row, endLine: record.endLine, id: id,
            tags: tags,
            status: status, problems: problems, spec: spec, inputs: inputs, expected: expected)
    }

    private func cellProblem(_ text: String, header: String, cell: String, kind: CellKind) -> String {
        let column = "column \(header.quotedForMessage) (cell \(cell))"
        if text.trimmingSpaces.isEmpty { return "\(column): the cell is empty; expected \(kind.expected)" }
        if let reason = kind.diagnose(text.trimmingSpaces) { return "\(column): \(text.quotedForMessage) \(reason)" }
        return "\(column): \(text.quotedForMessage) is not valid; expected \(kind.expected)"
    }

    /// The known name nearest to `name` by edit distance, when it is close enough to be a typo.
    static func closest(to name: String, in known: [String]) -> String? {
        let candidates = known.map { ($0, editDistance(name, TableColumn.normalize($0))) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= max(1, name.count / 3) else { return nil }
        return best.0
    }
}
