import Tally

/// The existing names nearest to one that matched nothing, so that a message can say what was meant.
public enum NearestNames {
    /// Up to `count` of `names`, nearest to `name` first (by edit distance, then alphabetically).
    public static func nearest(to name: String, in names: some Sequence<String>, count: Int = 3) -> [String] {
        let wanted = name.lowercased()
        return names.map { ($0, editDistance(wanted, $0.lowercased())) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(count).map(\.0)
    }

    /// The table paths nearest to `path` (the nearest, and any as near), comparing each with as many
    /// of its trailing components as `path` has, so that `claims/visit.csv` finds `Tables/claims/visits.csv`;
    /// a path that `path` begins is nearest of all, so that `Tables/card` finds `Tables/card-authorization`.
    public static func nearestTables(to path: String, in tables: [String], count: Int = 3) -> [String] {
        let depth = path.split(separator: "/").count
        let wanted = path.lowercased()
        let distances = tables.map { table in
            let compared = table.split(separator: "/").suffix(depth).joined(separator: "/").lowercased()
            return (table, compared.hasPrefix(wanted) ? 0 : editDistance(wanted, compared))
        }
        guard let best = distances.map(\.1).min() else { return [] }
        return distances.filter { $0.1 == best }.map(\.0).sorted().prefix(count).map { $0 }
    }

    /// The tables, and folders of them, nearest to `path`, for a target that may name either:
    /// `Tables/claim` means the folder `Tables/claims`, not one of its files.
    public static func nearestTablesAndFolders(to path: String, in tables: [String], count: Int = 3) -> [String] {
        let folders = tables.flatMap { table in
            let components = table.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            return components.indices.map { components[...$0].joined(separator: "/") }.filter { !$0.isEmpty }
        }
        return nearestTables(to: path, in: Set(tables + folders).sorted(), count: count)
    }
}
