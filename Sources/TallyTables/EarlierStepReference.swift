extension TableColumn {
    /// An input column of a scenario table whose cells name a value that input column `column` took in
    /// an earlier step of the same scenario — a void naming a claim received before it. A name no
    /// earlier step gave is a problem of the cell, located and reported with the nearest names, so a
    /// misspelled name stops the table before anything runs. An empty cell names nothing and is allowed.
    ///
    /// ```swift
    /// .input("claim", .text.optional, required: false),
    /// .earlierStep("voids", naming: "claim"),
    /// ```
    public static func earlierStep(_ name: String, naming column: String) -> TableColumn {
        precondition(
            !name.hasSuffix("?") && !column.hasSuffix("?"), "both columns are input columns: \(name), \(column)")
        var declared = TableColumn(name: name, kind: CellKind.text.optional, isRequired: false)
        declared.earlierStepColumn = column
        return declared
    }
}

extension HeaderBinder {
    /// The problems of the cells of `record` that name no value their column's earlier-step column took
    /// in `earlierSteps` of `scenario`.
    func earlierStepProblems(_ record: CSVRecord, scenario: String, earlierSteps: [[TableRow.Input]]) -> [TableProblem]
    {
        var problems: [TableProblem] = []
        for (position, (slot, field)) in zip(slots, record.fields).enumerated() {
            guard case .column(let column, let header) = slot else { continue }
            let cell = "column \(header.quotedForMessage) (cell \(Self.letter(ofColumn: position))\(record.row))"
            func problem(_ message: String) -> TableProblem {
                TableProblem(
                    path: path, line: field.line, column: field.column, row: record.row,
                    message: "\(cell): scenario \(scenario.quotedForMessage) \(message)")
            }
            if let change = changedConstant(column, field, earlierSteps: earlierSteps) {
                problems.append(problem(change))
                continue
            }
            guard let named = column.earlierStepColumn else { continue }
            let name = field.text.trimmingSpaces
            let target = TableColumn.normalize(named)
            let given = earlierSteps.flatMap {
                $0.filter { TableColumn.normalize($0.column) == target && !$0.text.isEmpty }.map(\.text)
            }
            guard !name.isEmpty, !given.contains(name) else { continue }
            let nearest = NearestNames.nearest(to: name, in: Array(Set(given)))
            let expected =
                nearest.isEmpty
                ? "no earlier step of the scenario has any \(named) yet"
                : "expected the \(named) of an earlier step; nearest: \(nearest.joined(separator: ", "))"
            problems.append(problem("has no \(named) \(name.quotedForMessage) before this step; \(expected)"))
        }
        return problems
    }

    /// What is wrong with a step that changes a column its scenario keeps
    /// (``TableSpec/sameThroughEachScenario(_:)``), if it does.
    private func changedConstant(_ column: TableColumn, _ field: CSVField, earlierSteps: [[TableRow.Input]]) -> String?
    {
        let normalized = TableColumn.normalize(column.name)
        guard spec.scenarioConstants.contains(normalized),
            let first = earlierSteps.first?.first(where: { TableColumn.normalize($0.column) == normalized })?.text
                .trimmingSpaces,
            field.text.trimmingSpaces != first
        else { return nil }
        return "runs under the \(column.name) \(first.quotedForMessage) of its first step; a step cannot change it "
            + "(start another scenario for \(field.text.trimmingSpaces.quotedForMessage))"
    }
}

extension TableSpec {
    /// This table, whose scenarios each run under one value of each of `columns` (a plan, say): a step
    /// that names another is a problem of that cell. Without the rule, a row naming another plan would
    /// replay its whole scenario under that plan, and might pass.
    public func sameThroughEachScenario(_ columns: [String]) -> TableSpec {
        precondition(scenarioColumn != nil, "the table \(name) has no scenario column")
        for name in columns {
            precondition(
                column(named: name).map { !$0.isOutput } == true,
                "\(name) is not an input column of the table \(self.name)")
        }
        var spec = self
        spec.scenarioConstants += columns.map(TableColumn.normalize)
        return spec
    }
}
