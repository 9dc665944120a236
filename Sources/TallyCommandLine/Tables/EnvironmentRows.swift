import TallyTables

/// `TALLY_ROWS` and `TALLY_TAGS` on the command line: `tally check`, `tables run` and `tables lint`
/// select rows with them exactly as `swift test` does, with the same messages for a selector that
/// selects nothing, so that a variable exported for one never silently means nothing to the other.
///
/// They add to what the command line itself selects (`tables run PATH:LINE --tag TAG`): a row runs
/// when it matches a location of either and a tag of either.
enum EnvironmentRows {
    /// The selection `TALLY_ROWS` and `TALLY_TAGS` make in `context`'s environment, and the tables it
    /// reads among `tables` (the tables the command would read without it). A `TALLY_ROWS` entry that
    /// names none of `everyTable` (every table under the tables folder, as the command found them), or
    /// none of `tables` (`scope` says why those only, such as `--spec claims`), is a usage error naming
    /// the nearest tables.
    static func selection(
        _ context: CommandContext, among tables: [String], everyTable: [String], scope: String? = nil, command: CommandDescription
    ) throws(UsageError) -> (selection: RowSelection, tables: [String]) {
        let selection = RowSelection(environment: context.environment)
        guard !selection.locations.isEmpty else { return (selection, tables) }
        let root = context.catalog.tablesDirectory
        var problems = selection.tablesUnmatched(among: everyTable, root: root)
        if problems.isEmpty, let scope {
            problems = selection.tablesUnmatched(among: tables, root: root).map { "\($0) (only the tables of \(scope) run)" }
        }
        guard problems.isEmpty else { throw UsageError(command: command, problems: problems, pointsToHelp: false) }
        return (selection, tables.filter { selection.selects(table: $0) })
    }
}
