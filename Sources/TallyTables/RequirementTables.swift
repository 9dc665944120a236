import Foundation
import Tally
import Testing

/// Runs requirement tables under Swift Testing: every row is its own parameterized test case. Since
/// `swift test --filter` cannot pick one case, rows are selected with `TALLY_ROWS` and `TALLY_TAGS`.
public enum RequirementTables {
    /// The rows of every table of `suites` under `directory` (by default the package's `Tables/`),
    /// filtered by `TALLY_ROWS` and `TALLY_TAGS`. Nothing passes silently: a broken table, a selector
    /// that selects nothing, a missing table or an unknown `TALLY_` variable is a failing row.
    ///
    /// One mistake is one failure: a problem another call in this process reported first is a row that
    /// only warns (``ReportedProblems``), and a selector that selects only tables no call reads fails
    /// the run when the process exits (``RowSelectorOutcome``).
    public static func rows(
        of suites: [TableSuite], in directory: String? = nil, filePath: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [TableRow] {
        let (rows, outcomes) = rowsAndOutcomes(of: suites, in: directory, filePath: filePath, environment: environment)
        if let outcomes, isRunSelection(environment) {
            RowSelectorOutcome.noteTablesRan(environment: environment)
            outcomes.forEach { $0.record() }
        }
        return rows
    }

    /// ``rows(of:in:filePath:environment:)``, with what these tables made of each selector of
    /// `environment` (``RowSelectorOutcome``), recorded only when `environment` is the run's; `nil`
    /// when a variable is unknown and no table was read.
    static func rowsAndOutcomes(
        of suites: [TableSuite], in directory: String?, filePath: String, environment: [String: String]
    ) -> (rows: [TableRow], outcomes: [RowSelectorOutcome]?) {
        let root = directory ?? tablesDirectory(near: filePath)
        // A misspelt variable may be a selector meant to narrow the run: run nothing rather than guess.
        let unknownVariables = TallyVariables.problems(in: environment)
        guard unknownVariables.isEmpty else {
            return (
                standingRows(for: unknownVariables, root: root, reporter: reporter(of: suites, filePath: filePath)), nil
            )
        }
        let selection = RowSelection(environment: environment)
        let names = Set(suites.map(\.name))
        let allPaths = LoadedTable.tablePaths(under: root)
        let isOwn = { (path: String) in
            names.contains(String(LoadedTable.binding(ofPath: path).split(separator: "/").first ?? ""))
        }
        var problems = selection.tablesUnmatched(among: allPaths, root: root)
        var failed = Set(selection.locations(namingNoTableAmong: allPaths).map(\.label))
        var scoped = selection
        scoped.locations = selection.locations.filter { location in
            allPaths.contains { RowSelection.path(location.path, matches: $0) && isOwn($0) }
        }
        // Each table's tags are read at most once per call, and only when a message needs them.
        var tagsByPath: [String: Set<String>] = [:]
        func tagsOf(_ paths: [String]) -> Set<String> {
            paths.reduce(into: []) { union, path in
                if tagsByPath[path] == nil { tagsByPath[path] = tags(in: path) }
                union.formUnion(tagsByPath[path]!)
            }
        }
        var rows: [TableRow] = []
        var audit = SelectionAudit(scoped)
        if selection.locations.isEmpty || !scoped.locations.isEmpty {
            for path in allPaths where isOwn(path) && scoped.selects(table: path) {
                let table = LoadedTable.load(path: path, suites: suites)
                table.tableProblems.forEach { audit.observe($0) }
                rows += table.testRows.filter { audit.observe($0) }
            }
            // Other specs' tables are read for their tags only when a tag may select no row here: each
            // spec read every other's tables again, though their tags change no message when none is missing.
            var unmatched = audit.unmatchedSelectors()
            if !unmatched.isEmpty, !selection.tags.isEmpty {
                unmatched = audit.unmatchedSelectors(
                    tagsElsewhere: tagsOf(allPaths.filter { !isOwn($0) && selection.selects(table: $0) }))
            }
            problems += unmatched.map(\.message)
            failed.formUnion(unmatched.flatMap(\.selectors))
        }
        if selection.locations.isEmpty, selection.tags.isEmpty {
            problems += MissingTable.find(in: suites, among: allPaths, root: root).map(\.message)
        }
        let outcomes =
            selection.isEmpty
            ? []
            : selection.outcomes(
                audit: audit, failed: failed, specs: suites.map(\.name), own: allPaths.filter(isOwn), all: allPaths,
                root: root, tags: tagsOf)
        return (
            standingRows(for: problems, root: root, reporter: reporter(of: suites, filePath: filePath)) + rows, outcomes
        )
    }

    /// Whether `environment` selects as this process's own does: then the whole run judges what its
    /// selectors selected (``RowSelectorOutcome``). A test that passes its own selection is not the run's.
    private static func isRunSelection(_ environment: [String: String]) -> Bool {
        let own = ProcessInfo.processInfo.environment
        return ["TALLY_ROWS", "TALLY_TAGS"].allSatisfy { environment[$0] == own[$0] }
    }

    /// A failing row for the problems `reporter` is the first in this process to report, and a row
    /// that only warns for those another reported already (``ReportedProblems``).
    private static func standingRows(for problems: [String], root: String, reporter: String) -> [TableRow] {
        var first: [TableProblem] = [], reported: [TableProblem] = []
        for message in problems {
            if let earlier = ReportedProblems.shared.earlierReporter(of: message, about: root, reporter: reporter) {
                let summary = message.range(of: ": ").map { String(message[..<$0.lowerBound]) } ?? message
                reported.append(
                    TableProblem(
                        path: "", line: 0, column: 0, message: "\(summary): already reported as a failure of \(earlier)"
                    ))
            } else {
                first.append(TableProblem(path: "", line: 0, column: 0, message: message))
            }
        }
        var rows: [TableRow] = []
        if !first.isEmpty { rows.append(TableRow.standing(for: first, path: root, binding: "", name: "selection")) }
        if !reported.isEmpty {
            var row = TableRow.standing(for: reported, path: root, binding: "", name: "selection, already reported")
            row.isAlreadyReported = true
            rows.append(row)
        }
        return rows
    }

    /// How the rows of `suites`, asked for in the file `filePath`, are named as the reporter of a
    /// problem: `the tables of claims (ClaimsTablesTests.swift)`.
    private static func reporter(of suites: [TableSuite], filePath: String) -> String {
        let names = suites.map(\.name)
        let file = filePath.split(separator: "/").last.map(String.init) ?? filePath
        return "the tables of \(names.isEmpty ? "no spec" : names.joined(separator: ", ")) (\(file))"
    }

    /// The tags used in the table at `path`, read without its spec.
    static func tags(in path: String) -> Set<String> {
        guard var reader = try? CSVReader(contentsOf: path), case .success(let header)? = reader.next(),
            let column = header.texts.firstIndex(where: { TableColumn.normalize($0) == StandardColumn.tags.rawValue })
        else { return [] }
        var tags: Set<String> = []
        while let result = reader.next() {
            guard case .success(let record) = result, column < record.fields.count else { continue }
            tags.formUnion(
                record.fields[column].text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() })
        }
        return tags
    }

    /// The `Tables` folder beside the `Package.swift` above `filePath`, or `Tables` in the current folder.
    public static func tablesDirectory(near filePath: String) -> String {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Tables").path
            }
            url.deleteLastPathComponent()
        }
        return "Tables"
    }
}
