extension TableColumn {
    /// An input column whose cells name things of `setup`, the setup table beside the table; a name it
    /// does not define is a problem of the cell, reported with the nearest names. With `optional`,
    /// tables may leave the column out or a cell empty.
    ///
    /// The spec's evaluation reads the thing with ``TableRowInput/lookUp(_:in:)``.
    public static func reference<Thing>(_ name: String, to setup: SetupTable<Thing>, optional: Bool = false)
        -> TableColumn
    {
        precondition(!name.hasSuffix("?"), "input column names do not end in ?: \(name)")
        var column = TableColumn(name: name, kind: optional ? CellKind.text.optional : .text, isRequired: !optional)
        column.setupDefinitions = { path, binding throws(SetupTableError) in
            try setup.cache.definitions(of: setup, forTableAt: path, binding: binding)
        }
        return column
    }
}

extension HeaderBinder {
    /// The problem of a cell that names nothing its column's setup table defines, if it does.
    func referenceProblems(_ column: TableColumn, _ field: CSVField, _ value: CellValue, cell: String, row: Int)
        -> [TableProblem]
    {
        guard let setupDefinitions = column.setupDefinitions, case .text(let name) = value else { return [] }
        let problem = { (message: String) in
            [
                TableProblem(
                    path: path, line: field.line, column: field.column, row: row,
                    message: "column \"\(column.name)\" (cell \(cell)): \(message)")
            ]
        }
        do {
            let definitions = try setupDefinitions(path, binding)
            return definitions.rows[TableColumn.normalize(name)] == nil ? problem(definitions.unknownName(name)) : []
        } catch {
            return problem(error.message)
        }
    }
}

extension TableRowInput {
    /// The thing of `setup` that input `column` names, from the setup table beside this row's table.
    ///
    /// ```swift
    /// let plan = try row.lookUp("plan", in: PlansTable.setup)
    /// ```
    public func lookUp<Thing>(_ column: String, in setup: SetupTable<Thing>) throws(SetupTableError) -> Thing {
        guard case .text(let name) = self[column] else {
            throw SetupTableError(
                "\(location): column \"\(column)\" is empty: it must name a \(setup.key) of \(setup.name).csv")
        }
        do {
            return try setup.thing(named: name, besideTableAt: RowSelection.location(location).path, binding: binding)
        } catch {
            throw SetupTableError("\(location): column \"\(column)\": \(error.message)")
        }
    }
}
