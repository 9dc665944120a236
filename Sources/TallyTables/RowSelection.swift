import Foundation

/// Which rows to run: by location (`TALLY_ROWS`, `tally tables run PATH:LINE`) and by tag
/// (`TALLY_TAGS`, `--tag`). A selector that selects nothing is an error (``SelectionAudit``).
public struct RowSelection: Sendable, Codable {
    /// A `path` or `path:line` selector.
    public struct Location: Sendable, Codable, Equatable {
        /// The selector as the user wrote it, for messages: `TALLY_ROWS=claims/visits.csv:14`.
        public var label: String
        /// A table file or folder, or the end of one's path.
        public var path: String
        /// A line of the table: selects the row that starts on it or spans it.
        public var line: Int?
    }

    /// The location selectors; a row matches when it matches any.
    public var locations: [Location] = []
    /// Tags; a row matches when it has any of them.
    public var tags: [String] = []
    /// How the tags given by `TALLY_TAGS` are named in messages; the others were given as `--tag`.
    var tagLabels: [String: String] = [:]

    /// No selection: every row.
    public init() {}

    /// The selection `TALLY_ROWS` and `TALLY_TAGS` describe.
    public init(environment: [String: String]) {
        for item in (environment["TALLY_ROWS"] ?? "").split(separator: ",") {
            let text = String(item).trimmingSpaces
            guard !text.isEmpty else { continue }
            locations.append(Self.location(text, label: "TALLY_ROWS=" + text))
        }
        tags = (environment["TALLY_TAGS"] ?? "").split(separator: ",").map { String($0).trimmingSpaces.lowercased() }
            .filter { !$0.isEmpty }
        for tag in tags { tagLabels[tag] = "TALLY_TAGS=" }
    }

    /// Whether the selection selects anything less than every row of every table.
    public var isEmpty: Bool { locations.isEmpty && tags.isEmpty }

    /// This selection with the selectors of `other` added: a row matches when it matches a location
    /// of either (or there are none) and a tag of either (or there are none).
    public func adding(_ other: RowSelection) -> RowSelection {
        var sum = self
        sum.locations += other.locations
        for tag in other.tags where !sum.tags.contains(tag) { sum.tags.append(tag) }
        sum.tagLabels.merge(other.tagLabels) { mine, _ in mine }
        return sum
    }

    /// `--tag oop` or `TALLY_TAGS=oop`, as the tag was given.
    func label(ofTag tag: String) -> String { (tagLabels[tag] ?? "--tag ") + tag }

    /// One message for each location selector that names no table among `tables`, the tables under
    /// the folder `root`, naming the nearest tables (relative to `root`).
    public func tablesUnmatched(among tables: [String], root: String) -> [String] {
        locations(namingNoTableAmong: tables).map { location in
            let nearest = NearestNames.nearestTables(to: location.path, in: tables).map { Self.relative($0, to: root) }
            return
                "\(location.label) selects no table: no table under \(root) matches \(location.path.quotedForMessage)"
                + (nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))")
        }
    }

    /// The locations that name no table among `tables`.
    func locations(namingNoTableAmong tables: [String]) -> [Location] {
        locations.filter { location in !tables.contains { Self.path(location.path, matches: $0) } }
    }

    /// `path` relative to the folder `root`, or `path` when it is not under `root`.
    static func relative(_ path: String, to root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// `path:14` → (`path`, 14); `path.csv:14:3`, a cell → (`path.csv`, 14); `path` → (`path`, nil); named in
    /// messages as `label` (by default the text).
    public static func location(_ text: String, label: String? = nil) -> Location {
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) {
            let path = text[..<colon]
            // FILE:LINE:COLUMN, as Tally points at a cell: the row on LINE.
            if !path.hasSuffix(".csv"), let inner = path.lastIndex(of: ":"), path[..<inner].hasSuffix(".csv"),
                let row = Int(path[path.index(after: inner)...])
            {
                return Location(label: label ?? text, path: String(path[..<inner]), line: row)
            }
            return Location(label: label ?? text, path: String(path), line: line)
        }
        return Location(label: label ?? text, path: text, line: nil)
    }

    /// Whether rows are filtered beyond choosing tables: by line or by tag.
    public var filtersRows: Bool { !tags.isEmpty || locations.contains { $0.line != nil } }

    /// Whether the table at `path` is selected.
    public func selects(table path: String) -> Bool {
        locations.isEmpty || locations.contains { Self.path($0.path, matches: path) }
    }

    /// Whether every row of the table at `path` is selected by location: no location narrows it to
    /// lines (tags aside).
    public func selectsEveryRow(ofTable path: String) -> Bool {
        locations.isEmpty || locations.contains { $0.line == nil && Self.path($0.path, matches: path) }
    }

    /// The lines that location selectors name in the table at `path`.
    public func lines(ofTable path: String) -> [Int] {
        locations.compactMap { Self.path($0.path, matches: path) ? $0.line : nil }
    }

    /// Whether `row` is selected. A row standing for its table's problems is selected with its table.
    public func selects(_ row: TableRow) -> Bool {
        if row.standsForProblems { return selects(table: row.path) }
        let locationMatches = locations.isEmpty || locations.contains { Self.location($0, matches: row) }
        return locationMatches && (tags.isEmpty || !Set(row.tags).isDisjoint(with: tags))
    }

    static func location(_ location: Location, matches row: TableRow) -> Bool {
        path(location.path, matches: row.path) && (location.line.map { (row.line...row.endLine).contains($0) } ?? true)
    }

    /// Whether selector `path` names the table at `table`: the same path, its end, or a folder above it.
    static func path(_ path: String, matches table: String) -> Bool {
        // An absolute selector, as `swift test` prints a row's path, names a table the tool reads
        // relative to the current directory.
        if path.hasPrefix("/"), !table.hasPrefix("/") {
            return Self.path(
                path, matches: (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(table))
        }
        let folder = path.hasSuffix("/") ? path : path + "/"
        return table == path || table.hasSuffix("/" + path) || table.hasPrefix(folder) || table.contains("/" + folder)
    }
}
