import TallyTables

/// `TALLY_ROWS` and `TALLY_TAGS` on the command line: `tally check`, `tables run` and `tables lint`
/// select rows with them as `swift test` does, with the same messages, adding to what the command line
/// selects, so that a variable exported for one never silently means nothing to the other.
enum EnvironmentRows {
    /// The selection `TALLY_ROWS` and `TALLY_TAGS` make in `context`'s environment, and the tables it
    /// reads among `tables`. A `TALLY_ROWS` entry that names none of `everyTable`, or none of `tables`
    /// (`scope` says why those only, such as `--spec claims`), is a usage error naming the nearest tables.
    static func selection(
        _ context: CommandContext, among tables: [String], everyTable: [String], scope: String? = nil,
        command: CommandDescription
    ) throws(UsageError) -> (selection: RowSelection, tables: [String]) {
        let selection = RowSelection(environment: context.environment)
        guard !selection.locations.isEmpty else { return (selection, tables) }
        let root = context.catalog.tablesDirectory
        var problems = selection.tablesUnmatched(among: everyTable, root: root)
        if problems.isEmpty, let scope {
            problems = selection.tablesUnmatched(among: tables, root: root).map {
                "\($0) (only the tables of \(scope) run)"
            }
        }
        guard problems.isEmpty else { throw UsageError(command: command, problems: problems, pointsToHelp: false) }
        return (selection, tables.filter { selection.selects(table: $0) })
    }
}
