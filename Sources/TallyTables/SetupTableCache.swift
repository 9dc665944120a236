import Foundation
import Synchronization

/// The rows of one setup table file, grouped by the name they define.
struct SetupDefinitions: Sendable {
    let path: String
    /// The setup table's key column, such as `plan`.
    let key: String
    /// The rows defining each name, by normalized name, in file order.
    let rows: [String: [TableRow]]
    /// Every name as first written, sorted.
    let names: [String]

    /// `no plan named "famly" in Tables/claims/plans.csv (did you mean "family"?); known: …`.
    func unknownName(_ name: String) -> String {
        let suggestion =
            HeaderBinder.closest(to: TableColumn.normalize(name), in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        let listed =
            names.count <= 12
            ? names : NearestNames.nearest(to: TableColumn.normalize(name), in: names, count: 5) + ["…"]
        return "no \(key) named \"\(name)\" in \(path)\(suggestion); known: \(listed.joined(separator: ", "))"
    }
}

/// Setup tables read once per file (again when the file changes) and things built once per name, so
/// that a table of a thousand rows naming a plan reads `plans.csv` once.
final class SetupTableCache<Thing: Sendable>: Sendable {
    private struct Entry {
        var stamp: String
        var definitions: SetupDefinitions
        var things: [String: Result<Thing, SetupTableError>] = [:]
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The definitions in the setup table of the table at `tablePath`, bound as `binding`: the first of
    /// its ``SetupTable/locations(forTableAt:binding:)`` that exists. Throws, saying where it looked,
    /// when there is none, and when the file cannot be read or is broken as a whole.
    func definitions(of table: SetupTable<Thing>, forTableAt tablePath: String, binding: String) throws(SetupTableError)
        -> SetupDefinitions
    {
        let locations = table.locations(forTableAt: tablePath, binding: binding)
        guard let found = locations.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            let looked =
                locations.count == 1
                ? locations[0] : "\(locations[0]), beside the table, nor \(locations[1]), in its spec's folder"
            throw SetupTableError("cannot read the \(table.key)s it names: there is no \(looked)")
        }
        return try definitions(of: table, at: found)
    }

    /// The definitions in the setup table at `path`.
    func definitions(of table: SetupTable<Thing>, at path: String) throws(SetupTableError) -> SetupDefinitions {
        let stamp = Self.stamp(path)
        if let entry = entries.withLock({ $0[path] }), !stamp.isEmpty, entry.stamp == stamp { return entry.definitions }
        let loaded = LoadedTable.load(
            path: path, binding: "setup/\(table.name)", suites: [TableSuite("setup", tables: [table.spec])])
        if let problem = loaded.tableProblems.first {
            throw SetupTableError("cannot read the \(table.key)s it names: \(problem)")
        }
        var rows: [String: [TableRow]] = [:]
        var names: [String] = []
        for row in loaded.rows {
            let name = row.inputText(TableColumn.normalize(table.key))
            if rows[TableColumn.normalize(name)] == nil { names.append(name) }
            rows[TableColumn.normalize(name), default: []].append(row)
        }
        let definitions = SetupDefinitions(path: path, key: table.key, rows: rows, names: names.sorted())
        entries.withLock { $0[path] = Entry(stamp: stamp, definitions: definitions) }
        return definitions
    }

    /// The thing `name` defined by `rows`, built at most once per version of the file.
    func thing(
        _ name: String, rows: [TableRow], of table: SetupTable<Thing>, in definitions: SetupDefinitions
    ) throws(SetupTableError) -> Thing {
        if let built = entries.withLock({ $0[definitions.path]?.things[name] }) { return try built.get() }
        let result = Self.build(rows, of: table)
        entries.withLock { $0[definitions.path]?.things[name] = result }
        return try result.get()
    }

    private static func build(_ rows: [TableRow], of table: SetupTable<Thing>) -> Result<Thing, SetupTableError> {
        let shown = rows.first?.inputText(TableColumn.normalize(table.key)) ?? ""
        if let broken = rows.first(where: { !$0.problems.isEmpty }) {
            return .failure(
                SetupTableError(
                    "\(table.key) \"\(shown)\" is defined at \(broken.location), which has a problem: "
                        + "\(broken.problems[0].message)"
                ))
        }
        do {
            return .success(try table.build(rows.map(\.specInput)))
        } catch {
            return .failure(
                SetupTableError("\(table.key) \"\(shown)\" (\(rows[0].location)) cannot be built: \(error)"))
        }
    }

    /// The file's modification time, size and inode, which change when the file does; empty when it
    /// cannot be read.
    private static func stamp(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "" }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(modified) \(attributes[.size] ?? "") \(attributes[.systemFileNumber] ?? "")"
    }
}
