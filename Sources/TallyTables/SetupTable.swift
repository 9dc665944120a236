import Foundation

/// A table that defines named things other tables refer to by name, as FitNesse's setup fixtures do:
/// plans that plan-year scenarios name. It lives beside the tables that refer to it; its key column
/// names each thing, and rows sharing a name form one thing, built from them in file order.
public struct SetupTable<Thing: Sendable>: Sendable {
    /// The table's name, its file name without `.csv`.
    public let name: String
    /// The column naming each thing.
    public let key: String
    /// The table's columns; the key column is one of them.
    public let columns: [TableColumn]
    let build: @Sendable ([TableRowInput]) throws -> Thing
    let cache = SetupTableCache<Thing>()

    /// A setup table named `name` whose `key` column names things built by `build` from the rows
    /// sharing a name, in file order.
    public init(
        _ name: String, key: String, columns: [TableColumn],
        build: @escaping @Sendable (_ rows: [TableRowInput]) throws -> Thing
    ) {
        precondition(
            columns.contains { TableColumn.normalize($0.name) == TableColumn.normalize(key) && !$0.isOutput },
            "the key column must be one of the input columns")
        self.name = name
        self.key = key
        self.columns = columns
        self.build = build
    }

    /// The table shape to list in the spec's ``TableSuite``, so that the setup table is read, linted and
    /// run like the others: each row passes when its thing, as its rows so far define it, can be built.
    public var spec: TableSpec {
        let table = self
        return TableSpec(name, columns: columns) { row in
            let location = RowSelection.location(row.location)
            let definitions = try table.cache.definitions(of: table, at: location.path)
            let name = try row.text(table.key)
            let rows = (definitions.rows[TableColumn.normalize(name)] ?? []).filter { $0.line <= location.line ?? .max }
            if let broken = rows.first(where: { !$0.problems.isEmpty }) {
                throw SetupTableError(
                    "\(table.key) \"\(name)\" cannot be built: its row at line \(broken.line) has a problem")
            }
            _ = try table.build(rows.map(\.specInput))
            return [:]
        }
    }

    /// The thing named `name` in the setup table of the table at `tablePath`, bound as `binding` (by
    /// default by its place): see ``locations(forTableAt:binding:)``.
    public func thing(named name: String, besideTableAt tablePath: String, binding: String? = nil)
        throws(SetupTableError) -> Thing
    {
        let definitions = try cache.definitions(
            of: self, forTableAt: tablePath, binding: binding ?? LoadedTable.binding(ofPath: tablePath))
        guard let rows = definitions.rows[TableColumn.normalize(name)] else {
            throw SetupTableError(definitions.unknownName(name))
        }
        return try cache.thing(TableColumn.normalize(name), rows: rows, of: self, in: definitions)
    }

    /// Where this setup table may be for the table at `tablePath` bound as `binding` (`claims/plan-years`),
    /// in the order tried: beside the table, then in its spec's folder under `Tables/` (from the package
    /// root), so that a copy of a table given with `--as` names the plans its spec's folder defines.
    func locations(forTableAt tablePath: String, binding: String) -> [String] {
        let beside = tablePath.lastIndex(of: "/").map { tablePath[...$0] + name + ".csv" } ?? name + ".csv"
        guard let spec = binding.split(separator: "/").first else { return [beside] }
        let own = "Tables/\(spec)/\(name).csv"
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        return absolute(beside) == absolute(own) ? [beside] : [beside, own]
    }
}
