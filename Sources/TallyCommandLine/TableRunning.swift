import TallyTables

/// Loading, running and printing tables, shared by `tally tables run`, `tables lint` and `check`.
enum TableRunning {
    /// The tables named by `targets` (files, folders, `file:line`), or every table of the catalog.
    static func load(
        _ targets: [String], binding: String?, context: CommandContext
    ) throws(UsageError) -> (tables: [LoadedTable], selection: RowSelection) {
        var selection = RowSelection()
        var paths: [String] = []
        for target in targets.isEmpty ? [context.catalog.tablesDirectory] : targets {
            let (path, line) = RowSelection.parseLocation(target)
            let found = LoadedTable.tablePaths(under: path)
            guard !found.isEmpty else {
                throw UsageError(message: "tally tables: error: \(path): no such table or folder of .csv tables")
            }
            paths += found
            if line != nil || !targets.isEmpty { selection.locations.append((path, line)) }
        }
        var seen = Set<String>()
        let unique = paths.filter { seen.insert($0).inserted }
        let tables = unique.map { LoadedTable.load(path: $0, binding: binding, suites: context.catalog.tableSuites) }
        return (tables, selection)
    }

    /// Runs the selected rows of `tables`.
    static func run(_ tables: [LoadedTable], selection: RowSelection) async -> [RowResult] {
        var results: [RowResult] = []
        for table in tables {
            for row in selection.apply(to: table.testRows) { results.append(await row.run()) }
        }
        return results
    }

    /// Prints one line per table, and beneath it only the rows that need attention (failures, pending
    /// rows that pass, rows awaiting review): the summary `tally check` shows. Returns the closing line.
    static func printSummary(_ results: [RowResult], console: Console) -> String {
        var byPath: [(path: String, results: [RowResult])] = []
        for result in results {
            if byPath.last?.path == result.row.path { byPath[byPath.count - 1].results.append(result) } else { byPath.append((result.row.path, [result])) }
        }
        for (path, rows) in byPath {
            let failing = rows.filter { !$0.isSuccess }
            console.out(failing.isEmpty ? "  ✔ \(path)  \(rows.count) rows" : "  ✘ \(path)  \(failing.count) of \(rows.count) rows failed")
            let attention = rows.filter { !$0.isSuccess || $0.row.status == .review }
            if !attention.isEmpty { _ = print(attention, console: console, indent: "    ", totals: false) }
        }
        return closingLine(results)
    }

    /// Prints one line per row (✔ ✘ ⚠ …) with every failure explained beneath it, then the totals.
    /// Returns the closing line.
    static func print(_ results: [RowResult], console: Console, indent: String = "", totals: Bool = true) -> String {
        var currentPath = ""
        for result in results {
            if result.row.path != currentPath, totals {
                currentPath = result.row.path
                console.out(currentPath)
            }
            let mark: String
            switch result.verdict {
            case .passed: mark = result.row.status == .review ? "?" : "✔"
            case .knownIssue: mark = "~"
            case .failed, .invalid, .unexpectedPass: mark = "✘"
            }
            let label = result.row.id.map { "\(result.row.line)  \($0)" } ?? "\(result.row.line)"
            console.out(indent + "  \(mark) \(label)")
            if result.verdict != .passed || result.row.status == .review {
                let detail = result.message.split(separator: "\n").dropFirst().map { indent + "      " + $0.drop { $0 == " " } }
                detail.forEach { console.out(String($0)) }
                if result.verdict == .unexpectedPass || result.verdict == .invalid && detail.isEmpty {
                    console.out(indent + "      " + result.message)
                }
            }
        }
        return closingLine(results)
    }

    /// `Rows: 40 passed, 1 failed, 2 pending (1 awaiting review)`.
    static func closingLine(_ results: [RowResult]) -> String {
        let passed = results.filter { $0.verdict == .passed }.count
        let failed = results.filter { !$0.isSuccess }.count
        let pending = results.filter { $0.verdict == .knownIssue }.count
        let review = results.filter { $0.row.status == .review }.count
        var closing = "Rows: \(passed) passed, \(failed) failed"
        if pending > 0 { closing += ", \(pending) pending" }
        if review > 0 { closing += " (\(review) awaiting review)" }
        return closing
    }
}
