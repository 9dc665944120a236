import Tally

extension RowSelection {
    /// What the tables of `specs` (at `own`, among `all` under `root`) made of each selector, for the whole
    /// test run to judge (``RowSelectorOutcome``): whether `audit` saw a selected row match it, and whether
    /// it is one of `failed`. `tags` reads tables' tags, asked only when a tag selected nothing here.
    func outcomes(
        audit: SelectionAudit, failed: Set<String>, specs: [String], own: [String], all: [String], root: String,
        tags tagsOf: ([String]) -> Set<String>
    ) -> [RowSelectorOutcome] {
        let relative = own.map { Self.relative($0, to: root) }
        var outcomes: [RowSelectorOutcome] = locations.map { location in
            let elsewhere = all.contains { !own.contains($0) && Self.path(location.path, matches: $0) }
            return RowSelectorOutcome(
                selector: location.label, asked: location.path + (location.line.map { ":\($0)" } ?? ""),
                selectedRows: audit.selectsRows(location), failed: failed.contains(location.label),
                specs: specs, names: relative,
                hint: elsewhere ? "it names a table under \(root) that none of these specs reads" : nil)
        }
        guard !tags.isEmpty else { return outcomes }
        // The tags of tables are read only when a tag's outcome can say something: one that selected
        // a row here or failed here makes the run's verdict without them.
        let silent = tags.contains { !audit.selectsRows(tag: $0) && !failed.contains(label(ofTag: $0)) }
        let ownTags = silent ? tagsOf(own) : [], otherTags = silent ? tagsOf(all.filter { !own.contains($0) }) : []
        outcomes += tags.map { tag in
            RowSelectorOutcome(
                selector: label(ofTag: tag), asked: tag,
                selectedRows: audit.selectsRows(tag: tag), failed: failed.contains(label(ofTag: tag)),
                specs: specs, names: ownTags.sorted(),
                hint: otherTags.contains(tag)
                    ? "only tables that none of these specs reads have rows with that tag" : nil)
        }
        return outcomes
    }
}
