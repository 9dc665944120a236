import Tally

extension RowSelection {
    /// What the tables of `specs` made of each selector, for the whole test run to judge
    /// (``RowSelectorOutcome``): whether one of `rows` (the rows these tables run) matches it, and
    /// whether one of `problems` (the failures these tables report) names it.
    ///
    /// `own` are the paths of these specs' tables, `all` those of every table under `root`.
    func outcomes(rows: [TableRow], problems: [String], specs: [String], own: [String], all: [String], root: String) -> [RowSelectorOutcome] {
        let base = root.hasSuffix("/") ? root : root + "/"
        let relative = own.map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }
        let real = rows.filter { !$0.standsForProblems }
        func names(_ label: String) -> Bool {
            problems.contains { $0.hasPrefix(label + " ") || $0.contains(" with \(label) ") || $0.contains(" with \(label):") }
        }
        var outcomes: [RowSelectorOutcome] = locations.map { location in
            let elsewhere = all.contains { !own.contains($0) && Self.path(location.path, matches: $0) }
            return RowSelectorOutcome(
                selector: location.label, asked: location.path + (location.line.map { ":\($0)" } ?? ""),
                selectedRows: real.contains { Self.location(location, matches: $0) }, failed: names(location.label),
                specs: specs, names: relative,
                hint: elsewhere ? "it names a table under \(root) that none of these specs reads" : nil)
        }
        guard !tags.isEmpty else { return outcomes }
        let ownTags = own.reduce(into: Set<String>()) { $0.formUnion(RequirementTables.tags(in: $1)) }
        let otherTags = all.filter { !own.contains($0) }.reduce(into: Set<String>()) { $0.formUnion(RequirementTables.tags(in: $1)) }
        outcomes += tags.map { tag in
            RowSelectorOutcome(
                selector: label(ofTag: tag), asked: tag,
                selectedRows: real.contains { $0.tags.contains(tag) }, failed: names(label(ofTag: tag)),
                specs: specs, names: ownTags.sorted(),
                hint: otherTags.contains(tag) ? "only tables that none of these specs reads have rows with that tag" : nil)
        }
        return outcomes
    }
}
