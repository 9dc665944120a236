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
    /// Each name must be one of the spec's input columns, and every table of the shape must have it:
    /// otherwise each table of the shape has one problem naming the spec and the column, found by
    /// `tally tables lint` before any row runs, rather than a page with a column quietly missing.
    public func identifyingRows(by columns: [String]) -> TableSpec {
        var spec = self
        spec.identifyingColumns += columns
        return spec
    }

    /// What is wrong with the identifying columns for a table whose header holds the normalized
    /// column names `present`: a name that is not an input column of the spec, or an optional column
    /// the table leaves out (a required one missing is already a problem of its own). Empty when every
    /// one can be shown.
    func identifyingProblems(present: Set<String>, binding: String) -> [String] {
        let suite = binding.split(separator: "/").first.map(String.init) ?? binding
        let inputs = columns.filter { !$0.isOutput }.map(\.name)
        return identifyingColumns.compactMap { name in
            let rule = "identifyingRows(by:) of the TableSpec \"\(self.name)\" (spec \"\(suite)\")"
            guard let column = column(named: name), !column.isOutput else {
                let nearest = HeaderBinder.closest(to: TableColumn.normalize(name), in: inputs).map { " (did you mean \"\($0)\"?)" } ?? ""
                return "\(rule) names the column \(name.quotedForMessage), which is not one of its input columns\(nearest); "
                    + "its input columns: \(inputs.joined(separator: ", "))"
            }
            guard column.isRequired || present.contains(TableColumn.normalize(column.name)) else {
                return "missing column \(column.name.quotedForMessage): \(rule) shows it beside each row's verdicts, so the table must have it"
            }
            return nil
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
