import Foundation

/// A table that defines named things other tables refer to by name, as FitNesse's setup fixtures do:
/// plans that plan-year scenarios name, zones that shipping rates name.
///
/// A setup table lives beside the tables that refer to it (`Tables/claims/plans.csv` for
/// `Tables/claims/plan-years.csv`). Its key column names each thing; rows sharing a name form one
/// thing, built from them in file order (a plan with an in-network and an out-of-network row).
///
/// ```swift
/// struct Zone: Sendable { var surcharge: Int }
///
/// let zones = SetupTable<Zone>("zones", key: "zone", columns: [
///     .input("zone", .text), .input("surcharge", .money),
/// ]) { rows in Zone(surcharge: try rows[0].money("surcharge")) }
///
/// let rates = TableSpec("rates", columns: [
///     .reference("zone", to: zones), .input("weight", .integer), .output("price?", .money),
/// ]) { row in
///     let zone = try row.lookUp("zone", in: zones)
///     return ["price?": .money(500 + zone.surcharge + 10 * (try row.integer("weight")))]
/// }
/// let suite = TableSuite("shipping", tables: [zones.spec, rates])
/// ```
///
/// A name a table cannot find is a problem of its cell, found by `tally tables lint` as well:
/// `Tables/shipping/rates.csv:4:1: column "zone": no zone named "Europ" in Tables/shipping/zones.csv
/// (did you mean "Europe"?); known: Europe, Asia`. The setup table is itself a table of its spec: each
/// of its rows runs by building its thing, so a thing that cannot be built fails at its own line.
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
        precondition(columns.contains { TableColumn.normalize($0.name) == TableColumn.normalize(key) && !$0.isOutput },
                     "the key column must be one of the input columns")
        self.name = name
        self.key = key
        self.columns = columns
        self.build = build
    }

    /// The table shape to list in the spec's ``TableSuite``, so that the setup table is read, linted and
    /// run like the others: each row passes when its thing, built from it and the rows of the same
    /// name above it, can be built, and fails with the reason otherwise.
    public var spec: TableSpec {
        let table = self
        return TableSpec(name, columns: columns) { row in
            let location = RowSelection.location(row.location)
            let (path, line) = (location.path, location.line)
            let definitions = try table.cache.definitions(of: table, at: path)
            let name = try row.text(table.key)
            let rows = (definitions.rows[TableColumn.normalize(name)] ?? []).filter { $0.line <= line ?? .max }
            if let broken = rows.first(where: { !$0.problems.isEmpty }) {
                throw SetupTableError("\(table.key) \"\(name)\" cannot be built: its row at line \(broken.line) has a problem")
            }
            _ = try table.build(rows.map(\.setupInput))
            return [:]
        }
    }

    /// The thing named `name` in the setup table of the table at `tablePath`, bound as `binding` (by
    /// default by its place): see ``locations(forTableAt:binding:)``.
    public func thing(named name: String, besideTableAt tablePath: String, binding: String? = nil) throws(SetupTableError) -> Thing {
        let definitions = try cache.definitions(of: self, forTableAt: tablePath, binding: binding ?? LoadedTable.binding(ofPath: tablePath))
        guard let rows = definitions.rows[TableColumn.normalize(name)] else {
            throw SetupTableError(unknownName(name, among: definitions))
        }
        return try cache.thing(TableColumn.normalize(name), rows: rows, of: self, in: definitions)
    }

    /// Where this setup table may be for the table at `tablePath` bound as `binding` (`claims/plan-years`),
    /// in the order they are tried: beside the table, then in its spec's own folder under `Tables/`
    /// (from the package root, where `swift test` and the tool run). A copy of a table anywhere, given
    /// with `--as`, so names the plans its spec's folder defines, unless a copy of them stands beside it.
    func locations(forTableAt tablePath: String, binding: String) -> [String] {
        let beside = tablePath.lastIndex(of: "/").map { tablePath[...$0] + name + ".csv" } ?? name + ".csv"
        guard let spec = binding.split(separator: "/").first else { return [beside] }
        let own = "Tables/\(spec)/\(name).csv"
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        return absolute(beside) == absolute(own) ? [beside] : [beside, own]
    }

    /// `no plan named "famly" in Tables/claims/plans.csv (did you mean "family"?); known: …`.
    func unknownName(_ name: String, among definitions: SetupDefinitions) -> String {
        let known = definitions.names
        let suggestion = HeaderBinder.closest(to: TableColumn.normalize(name), in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        let listed = known.count <= 12 ? known : NearestNames.nearest(to: TableColumn.normalize(name), in: known, count: 5) + ["…"]
        return "no \(key) named \"\(name)\" in \(definitions.path)\(suggestion); known: \(listed.joined(separator: ", "))"
    }
}
