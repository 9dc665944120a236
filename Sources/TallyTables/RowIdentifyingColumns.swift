extension TableSpec {
    /// This table shape, whose report pages show `columns` beside each row's verdicts: the inputs a
    /// reader needs to tell which row a verdict belongs to, such as a scenario step's action and claim.
    /// Without them a page shows a row's name and expected cells, its inputs folded into one cell.
    ///
    /// ```swift
    /// let corrections = TableSpec("corrections", columns: [
    ///     .input("scenario", .text), .input("action", .text), .input("claim", .text.optional),
    ///     .input("allowed", .money), .output("patient pays?", .money),
    /// ], scenarioColumn: "scenario") { row in ["patient pays?": .money(try row.money("allowed"))] }
    ///     .identifyingRows(by: ["scenario", "action", "claim"])
    /// ```
    ///
    /// Each name must be one of the spec's input columns: otherwise each table of the shape has one
    /// problem naming the spec and the column, found by `tally tables lint` before any row runs, rather
    /// than a page with a column quietly missing. A column the spec lets a table leave out
    /// (`required: false`) is shown where a table has it: a card sequence without captures need not
    /// carry an empty `hold` column to be run.
    public func identifyingRows(by columns: [String]) -> TableSpec {
        var spec = self
        spec.identifyingColumns += columns
        return spec
    }

    /// What is wrong with the identifying columns of the spec bound as `binding`: each name that is not
    /// one of its input columns. (A required one a table leaves out is already a problem of its own.)
    func identifyingProblems(binding: String) -> [String] {
        let suite = binding.split(separator: "/").first.map(String.init) ?? binding
        let inputs = columns.filter { !$0.isOutput }.map(\.name)
        let rule = "identifyingRows(by:) of the TableSpec \"\(self.name)\" (spec \"\(suite)\")"
        return identifyingColumns.filter { column(named: $0)?.isOutput != false }.map { name in
            let nearest = HeaderBinder.closest(to: TableColumn.normalize(name), in: inputs)
            let suggestion = nearest.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "\(rule) names the column \(name.quotedForMessage), which is not one of its input columns"
                + "\(suggestion); its input columns: \(inputs.joined(separator: ", "))"
        }
    }
}

extension TableRow {
    /// The row's identifying inputs (``TableSpec/identifyingRows(by:)``) as `column value` pairs, the
    /// empty ones left out: what tells a scenario's step from the others where no `id` names it, for a
    /// list of failures that shows the row apart from its columns. Empty when its spec names none.
    public var identifyingSummary: String {
        let cells = identifyingColumns.compactMap { name in
            inputs.first { TableColumn.normalize($0.column) == TableColumn.normalize(name) }
        }
        return cells.filter { !$0.text.isEmpty }.map { "\($0.column) \($0.text)".escapingControlCharacters }
            .joined(separator: ", ")
    }
}
