/// What a ``RowSelection`` matched, gathered while its tables are read, so that every selector that
/// selected nothing becomes an error naming what was asked for and the nearest rows or tags that exist.
public struct SelectionAudit: Sendable {
    /// A row near a line that selected nothing.
    struct Neighbor: Sendable {
        var line: Int, id: String?
        var description: String { id.map { "\(line) (\($0.escapingControlCharacters))" } ?? "\(line)" }
    }

    /// What one location selector found: selected rows, and for a line, the rows on it and near it.
    struct LocationEvidence: Sendable {
        var selected = 0, rows = 0
        var before: Neighbor?, after: Neighbor?
        var tables: Set<String> = []
        var problem: TableProblem?
        /// Whether the tables under the location had a problem, and whether they gave any row: with a
        /// problem and no row, they could not be read, and the problem is the one message to show.
        var hadProblem = false, gaveRows = false
        var selectsInAnUnreadTable: Bool { hadProblem && !gaveRows }
    }

    /// The selection being audited.
    public let selection: RowSelection
    private var locations: [LocationEvidence]
    private var rowsPerTag: [String: Int] = [:]
    private var tagsInUse: Set<String> = []
    private var selectedPerTag: [String: Int] = [:]
    /// How many rows (not counting rows that stand for problems) the selection selected.
    private var selected = 0

    /// An audit of `selection` that has seen nothing yet.
    public init(_ selection: RowSelection) {
        self.selection = selection
        locations = Array(repeating: LocationEvidence(), count: selection.locations.count)
    }

    /// Notes `row`, one of the rows of a table the selection reads, and answers whether it is selected.
    public mutating func observe(_ row: TableRow) -> Bool {
        let isSelected = selection.selects(row)
        for (index, location) in selection.locations.enumerated()
        where RowSelection.path(location.path, matches: row.path) { locations[index].gaveRows = true }
        guard !row.standsForProblems else { return isSelected }
        if isSelected {
            selected += 1
            for (index, location) in selection.locations.enumerated()
            where RowSelection.location(location, matches: row) { locations[index].selected += 1 }
            for tag in selection.tags where row.tags.contains(tag) { selectedPerTag[tag, default: 0] += 1 }
        }
        for (index, location) in selection.locations.enumerated()
        where RowSelection.path(location.path, matches: row.path) {
            guard let line = location.line else { continue }
            locations[index].tables.insert(row.path)
            if (row.line...row.endLine).contains(line) {
                locations[index].rows += 1
            } else if row.line < line {
                locations[index].before = Neighbor(line: row.line, id: row.id)
            } else if locations[index].after == nil || row.line < locations[index].after!.line {
                locations[index].after = Neighbor(line: row.line, id: row.id)
            }
        }
        guard !selection.tags.isEmpty,
            selection.locations.isEmpty
                || selection.locations.contains(where: { RowSelection.location($0, matches: row) })
        else { return isSelected }
        tagsInUse.formUnion(row.tags)
        for tag in row.tags where selection.tags.contains(tag) { rowsPerTag[tag, default: 0] += 1 }
        return isSelected
    }

    /// Notes a problem of a table the selection reads: a line selector may point at it.
    public mutating func observe(_ problem: TableProblem) {
        for (index, location) in selection.locations.enumerated()
        where RowSelection.path(location.path, matches: problem.path) { locations[index].hadProblem = true }
        for (index, location) in selection.locations.enumerated()
        where location.line == problem.line && RowSelection.path(location.path, matches: problem.path)
            && locations[index].problem == nil
        {
            locations[index].problem = problem
            locations[index].tables.insert(problem.path)
        }
    }

    /// One message for each selector that selected nothing, or one for all of them when each matched
    /// rows but no row matches them all.
    public func unmatched() -> [String] { unmatchedSelectors().map(\.message) }

    /// Whether a selected row matches `location`, one of the selection's locations.
    func selectsRows(_ location: RowSelection.Location) -> Bool {
        zip(selection.locations, locations).contains { $0 == location && $1.selected > 0 }
    }

    /// Whether a selected row has `tag`, one of the selection's tags.
    func selectsRows(tag: String) -> Bool { selectedPerTag[tag, default: 0] > 0 }

    /// ``unmatched()``, each message with the labels of the selectors it fails. `tagsElsewhere` are the
    /// tags of rows outside the tables read (another spec's): such a tag is not an error here.
    func unmatchedSelectors(tagsElsewhere: Set<String> = []) -> [(selectors: [String], message: String)] {
        var messages: [(selectors: [String], message: String)] = []
        for (location, evidence) in zip(selection.locations, locations) {
            // A line of a table that could not be read: the table's problem already says why.
            guard let line = location.line, evidence.rows == 0, !evidence.selectsInAnUnreadTable else { continue }
            messages.append(
                ([location.label], "\(location.label) selects no row: \(Self.explain(line: line, evidence))"))
        }
        var elsewhere = false
        for tag in selection.tags where rowsPerTag[tag, default: 0] == 0 {
            if tagsElsewhere.contains(tag) {
                elsewhere = true
                continue
            }
            let inUse = NearestNames.nearest(to: tag, in: tagsInUse.union(tagsElsewhere), count: 12)
            messages.append(
                (
                    [selection.label(ofTag: tag)],
                    "\(selection.label(ofTag: tag)) selects no row: "
                        + "no \(selection.locations.isEmpty ? "" : "selected ")row has the tag \"\(tag)\"; "
                        + (inUse.isEmpty
                            ? "no row has a tag" : "tags in use, nearest first: \(inUse.joined(separator: ", "))")
                ))
        }
        if messages.isEmpty, !elsewhere, selected == 0, selection.filtersRows,
            !locations.contains(where: \.selectsInAnUnreadTable)
        {
            let labels = selection.locations.map(\.label) + selection.tags.map { selection.label(ofTag: $0) }
            messages.append(
                (
                    labels,
                    "\(labels.joined(separator: " with ")) select no row together: each matches rows, "
                        + "but no row matches \(labels.count > 2 ? "all of them" : "both")"
                ))
        }
        return messages
    }

    private static func explain(line: Int, _ evidence: LocationEvidence) -> String {
        let table = evidence.tables.count == 1 ? evidence.tables.first! : "the table"
        let nearest = [evidence.before, evidence.after].compactMap { $0?.description }
        let rows =
            nearest.isEmpty
            ? "it has no rows" : "nearest row\(nearest.count == 1 ? "" : "s"): \(nearest.joined(separator: ", "))"
        if let problem = evidence.problem {
            return "line \(line) of \(table) is not a row (\(problem.message.escapingControlCharacters)); \(rows)"
        }
        guard evidence.tables.count == 1 else { return "no row starts at line \(line); \(rows)" }
        return "line \(line) of \(table) \(TableLines.kind(ofLine: line, in: table)); \(rows)"
    }
}
