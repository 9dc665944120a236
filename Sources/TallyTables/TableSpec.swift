/// The shape of one requirement table, its input and expected-output columns, and how to run its rows:
/// the evaluation reads a row's inputs and returns the engine's outputs, which the runner compares.
public struct TableSpec: Sendable {
    /// The table's name, the file name without `.csv`: `Tables/<suite>/<name>.csv`.
    public let name: String
    /// The columns, inputs and outputs.
    public let columns: [TableColumn]
    /// For a table of multi-step examples, the input column naming each row's scenario: rows of one
    /// scenario are its steps, in file order, and each row sees the steps before it
    /// (``TableRowInput/previousSteps``).
    public let scenarioColumn: String?
    /// Rules that a table's header hold one of several sets of columns (``requiringOne(of:)``).
    var columnSets: [ColumnSets] = []
    /// Input columns whose value every step of a scenario must repeat (``sameThroughEachScenario(_:)``).
    var scenarioConstants: [String] = []
    /// The input columns a report shows beside each row's verdicts, in order (``identifyingRows(by:)``).
    public internal(set) var identifyingColumns: [String] = []
    let evaluate: @Sendable (TableRowInput) async throws -> [String: CellValue]

    /// A table shape named `name` with `columns`, evaluated by `evaluate`, which returns the actual value
    /// of every output column (by its name, `?` included).
    public init(
        _ name: String, columns: [TableColumn], scenarioColumn: String? = nil,
        evaluate: @escaping @Sendable (TableRowInput) throws -> [String: CellValue]
    ) {
        self.init(name, columns: columns, scenarioColumn: scenarioColumn, evaluatingAsynchronously: evaluate)
    }

    /// A table shape whose rows run against an asynchronous engine (a service behind an actor or
    /// async dependencies).
    public init(
        _ name: String, columns: [TableColumn], scenarioColumn: String? = nil,
        evaluatingAsynchronously evaluate: @escaping @Sendable (TableRowInput) async throws -> [String: CellValue]
    ) {
        precondition(
            scenarioColumn.map { name in columns.contains { $0.name == name && !$0.isOutput } } ?? true,
            "the scenario column must be one of the input columns")
        self.name = name
        self.columns = columns
        self.scenarioColumn = scenarioColumn
        self.evaluate = evaluate
    }

    /// The column whose normalized name is `name`.
    func column(named name: String) -> TableColumn? {
        let wanted = TableColumn.normalize(name)
        return columns.first { TableColumn.normalize($0.name) == wanted }
    }
}

/// The requirement tables of one spec, found under `Tables/<name>/`.
public struct TableSuite: Sendable {
    /// The spec's name, which is also its folder under `Tables/`.
    public let name: String
    /// The table shapes.
    public let tables: [TableSpec]

    /// A suite named `name` holding `tables`.
    public init(_ name: String, tables: [TableSpec]) {
        self.name = name
        self.tables = tables
    }
}

/// The inputs of one row, read by the column kinds the spec declared.
public struct TableRowInput: Sendable {
    let values: [String: CellValue]
    /// Where the row is, for error messages.
    public let location: String
    /// In a scenario table, the inputs of the scenario's earlier steps, in order; empty otherwise.
    public let previousSteps: [TableRowInput]
    /// The table's binding, `<spec>/<table>`, which says where its setup tables are.
    var binding = ""

    /// The value of input `column`; ``CellValue/empty`` when the cell is empty or the column absent.
    public subscript(column: String) -> CellValue {
        values[TableColumn.normalize(column)] ?? .empty
    }

    /// The text of `column`.
    public func text(_ column: String) throws(TableSpecError) -> String {
        if case .text(let text) = self[column] { return text }
        throw mismatch(column, "text")
    }

    /// The whole number in `column`.
    public func integer(_ column: String) throws(TableSpecError) -> Int {
        if case .integer(let value) = self[column] { return value }
        throw mismatch(column, "an integer")
    }

    /// The amount in cents in `column`.
    public func money(_ column: String) throws(TableSpecError) -> Int {
        if case .money(let value) = self[column] { return value }
        throw mismatch(column, "money")
    }

    /// The percentage in basis points in `column`.
    public func percent(_ column: String) throws(TableSpecError) -> Int {
        if case .percent(let value) = self[column] { return value }
        throw mismatch(column, "a percentage")
    }

    /// The yes/no in `column`.
    public func boolean(_ column: String) throws(TableSpecError) -> Bool {
        if case .boolean(let value) = self[column] { return value }
        throw mismatch(column, "yes or no")
    }

    /// The date in `column`.
    public func date(_ column: String) throws(TableSpecError) -> CalendarDate {
        if case .date(let value) = self[column] { return value }
        throw mismatch(column, "a date")
    }

    /// Whether `column` is empty or absent.
    public func isEmpty(_ column: String) -> Bool { self[column] == .empty }

    private func mismatch(_ column: String, _ expected: String) -> TableSpecError {
        TableSpecError(
            message:
                "\(location): the spec reads column \"\(column)\" as \(expected), but the cell holds \(self[column])")
    }
}

/// A mistake in a spec's code (not in a table): it read a column it did not declare, or as another kind.
public struct TableSpecError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}
