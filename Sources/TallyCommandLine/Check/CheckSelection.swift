import Tally
import TallyTables

/// What `tally check` runs, after `--spec`, `--property`, `TALLY_PROPERTY` and `TALLY_REPLAY`.
///
/// A selector that selects nothing is a usage error naming what was asked for and the nearest names
/// in the catalog. Tables run unless a property is named (by name or token) and no row is
/// (`TALLY_ROWS`, `TALLY_TAGS`): with `--spec`, only the tables under `Tables/<spec>/`.
struct CheckSelection {
    var selection: PropertySelection
    /// The selected properties, each with its index in the catalog (as `tally check-worker` counts).
    var properties: [(index: Int, suite: String, property: Property)]
    var specs: [String]
    var runsTables: Bool

    init(
        _ arguments: CommandLineArguments, environment selection: PropertySelection, selectsRows: Bool,
        catalog: TallyCatalog
    ) throws(UsageError) {
        let given =
            (arguments.options["--spec"] ?? []).map { PropertySelector(.spec($0), from: "--spec") }
            + (arguments.options["--property"] ?? []).map { PropertySelector(.name($0), from: "--property") }
        self.selection = PropertySelection(selection.selectors + given)
        specs = arguments.options["--spec"] ?? []
        runsTables =
            selectsRows || !self.selection.selectors.contains { if case .spec = $0.kind { false } else { true } }
        var known: [SelectableProperty] = []
        var matched: Set<PropertySelector> = []
        properties = []
        for (index, entry) in catalog.properties.enumerated() {
            let candidate = SelectableProperty(id: entry.property.id, spec: entry.suite)
            known.append(candidate)
            matched.formUnion(self.selection.selectors.filter { $0.matches(candidate) })
            if self.selection.selects(candidate) { properties.append((index, entry.suite, entry.property)) }
        }
        let problems = self.selection.problems(
            known: known, matched: matched, selectedAny: !properties.isEmpty, scope: "in \(catalog.toolName)'s catalog")
        guard problems.isEmpty else {
            throw UsageError(command: CheckCommand.description, problems: problems, pointsToHelp: true)
        }
    }

    /// `--spec claims`, when the check runs the tables of some specs only.
    var specScope: String? {
        specs.isEmpty ? nil : specs.map { "--spec \($0)" }.joined(separator: " ")
    }

    /// Whether the table at `path`, under the tables folder `directory`, is part of the check.
    func includesTable(at path: String, under directory: String) -> Bool {
        guard runsTables else { return false }
        guard !specs.isEmpty else { return true }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return specs.contains { path.hasPrefix(base + "/" + $0 + "/") }
    }

    /// The table suites whose tables are part of the check: all, or those of `--spec`; none when a
    /// property is named.
    func tableSuites(of catalog: TallyCatalog) -> [TableSuite] {
        guard runsTables else { return [] }
        return catalog.tableSuites.filter { specs.isEmpty || specs.contains($0.name) }
    }

    /// Why no table runs, when none does because of the selection: `--property selects properties only`.
    var tablesSkipped: String? {
        guard !runsTables else { return nil }
        var sources: [String] = []
        for selector in selection.selectors where selector.source != "--spec" && !sources.contains(selector.source) {
            sources.append(selector.source)
        }
        return "\(sources.joined(separator: " and ")) selects properties only"
    }
}
