import Tally
import TallyTables

extension TableRunning {
    /// The tables `targets` name (files, folders, `file:line`), or every table of the catalog, and the
    /// selection they make, `TALLY_ROWS` and `TALLY_TAGS` added (``EnvironmentRows``); and the files of
    /// the tables folder, walked once. A target that names no table is a usage error naming the nearest tables.
    static func tables(
        _ targets: [String], command: CommandDescription, context: CommandContext
    ) throws(UsageError) -> (paths: [String], selection: RowSelection, files: TableFiles) {
        let files = TableFiles(under: context.catalog.tablesDirectory), everyTable = files.tables
        var selection = RowSelection()
        var paths: [String] = []
        for target in targets.isEmpty ? [context.catalog.tablesDirectory] : targets {
            let location = RowSelection.location(target)
            let found = targets.isEmpty ? everyTable : files.tables(under: location.path)
            guard !found.isEmpty else {
                let parent = location.path.split(separator: "/").dropLast().joined(separator: "/")
                let tables = Set(everyTable + (parent.isEmpty ? [] : files.tables(under: parent)))
                let nearest = NearestNames.nearestTablesAndFolders(to: location.path, in: tables.sorted())
                let problem =
                    "\(location.path): no such table or folder of .csv tables"
                    + (nearest.isEmpty ? "" : "; nearest: \(nearest.joined(separator: ", "))")
                throw UsageError(command: command, problems: [problem], pointsToHelp: false)
            }
            if found == [location.path], !location.path.lowercased().hasSuffix(".csv") {
                throw UsageError(
                    command: command, problems: ["\(location.path) is not a table: Tally reads .csv tables"],
                    pointsToHelp: false)
            }
            paths += found
            if !targets.isEmpty { selection.locations.append(location) }
        }
        let environment = try EnvironmentRows.selection(
            context, among: everyTable, everyTable: everyTable, command: command)
        if !environment.selection.locations.isEmpty { paths = (targets.isEmpty ? [] : paths) + environment.tables }
        selection = selection.adding(environment.selection)
        var seen = Set<String>()
        return (paths.filter { seen.insert($0).inserted }, selection, files)
    }
}
