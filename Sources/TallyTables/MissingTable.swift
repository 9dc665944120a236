/// A table a spec declares that has no file under the tables folder: a failure, with one message,
/// wherever every table is run or linted, so that a table never written or renamed does not pass.
public struct MissingTable: Sendable, Equatable {
    /// The spec that declares the table.
    public let spec: String
    /// The table's name in its spec.
    public let table: String
    /// Where its file should be: `<tables folder>/<spec>/<table>.csv`.
    public let path: String

    /// `<spec>/<table>`.
    public var binding: String { "\(spec)/\(table)" }

    /// `spec "claims" declares the table "visits", but Tables/claims/visits.csv does not exist`.
    public var message: String {
        "spec \(spec.quotedForMessage) declares the table \(table.quotedForMessage), but \(path) does not exist"
    }

    /// The tables the specs of `suites` declare that none of `paths`, the tables found under the
    /// folder `root`, holds (a table is found by its place, `…/<spec>/<table>.csv`).
    public static func find(in suites: [TableSuite], among paths: [String], root: String) -> [MissingTable] {
        let found = Set(paths.map { LoadedTable.binding(ofPath: $0) })
        let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        return suites.flatMap { suite in
            suite.tables.filter { !found.contains("\(suite.name)/\($0.name)") }.map {
                MissingTable(spec: suite.name, table: $0.name, path: "\(base)/\(suite.name)/\($0.name).csv")
            }
        }
    }
}
