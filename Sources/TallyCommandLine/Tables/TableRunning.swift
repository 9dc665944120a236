import Tally
import TallyTables

/// Reading and running tables a row at a time, shared by `tally tables run`, `tables lint` and `check`:
/// memory stays flat however long a table is, and a selector that selects nothing is an error.
enum TableRunning {
    /// What running one table found, for its summary line.
    struct TableCount {
        var path: String
        var run = 0, passed = 0, failed = 0, pending = 0, review = 0, notSelected = 0, cellsCompared = 0
        /// Rows selected but not run because the run was stopped (Ctrl-C, SIGTERM): neither passed nor failed.
        var notRun = 0
        /// Problems of the table itself: lines that are not rows, missing columns, cells without a header….
        var problems = 0
        /// Problems of the rows run: a bad cell, a duplicate id (each such row also fails as invalid).
        var rowProblems = 0
        var cap = ProblemCap()

        /// `47 rows run, 3 skipped (1 pending, 2 not selected), 376 expected cells compared`.
        var counts: String {
            let skipped = pending + notSelected
            let why = [(pending, "pending"), (notSelected, "not selected")].filter { $0.0 > 0 }.map {
                "\($0.0) \($0.1)"
            }
            return
                "\(run) row\(run == 1 ? "" : "s") run, \(skipped) "
                + "skipped\(why.isEmpty ? "" : " (\(why.joined(separator: ", ")))"), "
                + (notRun > 0 ? "\(notRun) not run, " : "")
                + "\(cellsCompared) expected cell\(cellsCompared == 1 ? "" : "s") compared"
        }

        /// `1 failed, 2 problems`, or empty when the table passed.
        var failures: String {
            [(failed, "failed"), (problems, problems == 1 ? "problem" : "problems")].filter { $0.0 > 0 }.map {
                "\($0.0) \($0.1)"
            }.joined(separator: ", ")
        }

        /// Every problem found, the table's and its rows': what `tables lint` counts.
        var everyProblem: Int { problems + rowProblems }

        /// Counts a row's result and its problems; a pending row that still fails counts as skipped.
        mutating func count(_ result: RowResult) {
            rowProblems += result.row.problems.count
            if result.row.status == .review { review += 1 }
            guard result.verdict != .knownIssue else {
                pending += 1
                return
            }
            run += 1
            cellsCompared += result.cellsCompared
            if result.verdict == .passed { passed += 1 } else { failed += 1 }
        }
    }

    /// What reading a table produced: a row's result (with those of its problems that are shown,
    /// within the table's 20), or one problem of the table that is shown.
    enum Event {
        case row(RowResult, shownProblems: [TableProblem])
        case problem(TableProblem)
    }

    /// What running every table found.
    struct Outcome {
        var tables: [TableCount] = []
        /// Every row's result, plus one failing result per table with problems: kept only for reports.
        var results: [RowResult] = []
        /// One message for each selector that selected nothing.
        var unmatched: [String] = []
        /// Tables a spec declares that have no file, when every table was asked for.
        var missing: [MissingTable] = []
        /// What to run again: each failing row's `path:line`, and the path of each table with
        /// problems of its own that gave rows, in the order found.
        var failedPlaces: [String] = []
        /// Spreadsheet files with no `.csv` beside them, which Tally cannot read (``SpreadsheetTables``).
        var unreadSpreadsheets = 0

        var passed: Int { tables.map(\.passed).reduce(0, +) }
        /// Rows marked pending (a known issue), which were run but count neither as passed nor failed.
        var pending: Int { tables.map(\.pending).reduce(0, +) }
        var notRun: Int { tables.map(\.notRun).reduce(0, +) }
        /// Every problem found in every table, its own and its rows'.
        var problems: Int { tables.map(\.everyProblem).reduce(0, +) }

        /// Rows that failed, plus tables with problems of their own, plus missing tables and unread spreadsheets.
        var failed: Int {
            tables.map { $0.failed + ($0.problems > 0 ? 1 : 0) }.reduce(0, +) + missing.count + unreadSpreadsheets
        }

        /// `Rows: 40 passed, 1 failed, 2 pending (1 awaiting review), problems in 1 table, 1 table missing`.
        var closingLine: String {
            let review = tables.map(\.review).reduce(0, +), broken = tables.filter { $0.problems > 0 }.count
            var closing = "Rows: \(passed) passed, \(tables.map(\.failed).reduce(0, +)) failed"
            if pending > 0 { closing += ", \(pending) pending" }
            if notRun > 0 { closing += ", \(notRun) not run" }
            if review > 0 { closing += " (\(review) awaiting review)" }
            if broken > 0 { closing += ", problems in \(broken) table\(broken == 1 ? "" : "s")" }
            if !missing.isEmpty { closing += ", \(missing.count) table\(missing.count == 1 ? "" : "s") missing" }
            if unreadSpreadsheets > 0 {
                closing += ", \(unreadSpreadsheets) spreadsheet\(unreadSpreadsheets == 1 ? "" : "s") not read"
            }
            return closing
        }

        /// `Run the failed rows again: swift run tally tables run Tables/claims/visits.csv:4 …`, naming
        /// what failed (the first 20) by `file:line` in one line to paste; `nil` when nothing failed.
        /// With `binding`, the line keeps the `--as SPEC/TABLE` the tables were run with.
        func rerunLine(tool: String, binding: String? = nil) -> String? {
            guard !failedPlaces.isEmpty else { return nil }
            let shown = failedPlaces.prefix(20).map(shellQuoted)
            let more = failedPlaces.count > shown.count ? " (the first \(shown.count) of \(failedPlaces.count))" : ""
            let bound = binding.map { " --as " + shellQuoted($0) } ?? ""
            return
                "Run the failed rows again\(more): swift run \(tool) tables run\(bound) \(shown.joined(separator: " "))"
        }
    }

    /// Reads each table of `paths` a row at a time, runs the rows `selection` selects (with `runRow`:
    /// in process, or in a ``CheckWorker``; `nil` when the run was stopped and the row not run), and
    /// tells `onEvent` about each row run, `onTable` about each table as it starts (`nil`) and ends.
    /// With `selectedRowsOnly` (`tables lint PATH:LINE`), a problem of the table counts only when it
    /// concerns every row (it comes before the first row: the header, the binding) or a selected row.
    static func run(
        _ paths: [String], binding: String?, selection: RowSelection, suites: [TableSuite], keepingResults: Bool,
        selectedRowsOnly: Bool = false,
        runRow: (TableRow) async -> RowResult?, onTable: (String, TableCount?) -> Void, onEvent: (Event) -> Void
    ) async -> Outcome {
        var outcome = Outcome()
        var audit = SelectionAudit(selection)
        for path in paths {
            var count = TableCount(path: path)
            var shown: [TableProblem] = []
            let everyRow = !selectedRowsOnly || selection.selectsEveryRow(ofTable: path)
            var firstRow: Int?, selectedLines = selection.lines(ofTable: path).map { $0...$0 }
            onTable(path, nil)
            var reader = TableReader(path: path, binding: binding, suites: suites)
            while let entry = reader.next() {
                switch entry {
                case .problem(let problem):
                    audit.observe(problem)
                    let concernsSelection =
                        problem.line < (firstRow ?? .max) || selectedLines.contains { $0.contains(problem.line) }
                    guard everyRow || concernsSelection else { continue }
                    count.problems += 1
                    if count.cap.admit() {
                        shown.append(problem)
                        onEvent(.problem(problem))
                    }
                case .row(let row):
                    firstRow = firstRow ?? row.line
                    guard audit.observe(row) else {
                        count.notSelected += 1
                        continue
                    }
                    selectedLines.append(row.line...row.endLine)
                    guard let result = await runRow(row) else {
                        count.notRun += 1
                        continue
                    }
                    count.count(result)
                    if !result.isSuccess, result.verdict != .knownIssue { outcome.failedPlaces.append(row.location) }
                    onEvent(.row(result, shownProblems: row.problems.filter { _ in count.cap.admit() }))
                    if keepingResults { outcome.results.append(result) }
                }
            }
            if let more = count.cap.summary(path: path) {
                shown.append(more)
                onEvent(.problem(more))
            }
            if keepingResults, !shown.isEmpty, count.problems > 0 {
                let line = shown.map(\.line).filter { $0 > 0 }.min() ?? 1
                let standing = TableRow.standing(
                    for: shown, path: path, binding: reader.binding, line: line, name: "the table")
                outcome.results.append(await standing.run())
            }
            // A table whose problem stopped it before any row has none to run again: its file needs the fix.
            if count.problems > 0, firstRow != nil { outcome.failedPlaces.append(path) }
            onTable(path, count)
            outcome.tables.append(count)
        }
        outcome.unmatched = audit.unmatched()
        return outcome
    }

    /// Prints one row: `✔ 2  exact balance`; a row that needs attention shows its `file:line`, as
    /// Swift Testing does, and beneath it what is wrong.
    static func printRow(_ result: RowResult, shownProblems: [TableProblem], console: Console, indent: String = "") {
        let row = result.row
        let mark: String
        switch result.verdict {
        case .passed: mark = row.status == .review ? "?" : "✔"
        case .knownIssue: mark = "~"
        case .failed, .invalid, .unexpectedPass: mark = "✘"
        }
        let needsAttention = result.verdict != .passed || row.status == .review
        let place = needsAttention ? row.place : "\(row.line)"
        console.out(indent + "  \(mark) " + (row.id.map { "\(place)  \($0.escapingControlCharacters)" } ?? place))
        guard needsAttention else { return }
        switch result.verdict {
        case .invalid:
            shownProblems.forEach { console.out(indent + "      \($0)") }
        case .unexpectedPass:
            console.out(indent + "      marked pending but passes now: clear its status cell")
        default:
            result.message.split(separator: "\n").dropFirst().forEach {
                console.out(indent + "      " + $0.drop { $0 == " " })
            }
        }
    }

    /// Runs the tables at `paths` and prints one line per table — rows run, rows skipped, expected
    /// cells compared — and beneath it only what needs attention, and the rows a `PATH:LINE` named:
    /// what `tally check` and `tally tables run` show, with every line shifted right by `indent`.
    /// With a `worker`, rows run in it, so that a row whose engine traps fails alone.
    static func summarize(
        _ paths: [String], binding: String? = nil, selection: RowSelection = RowSelection(), context: CommandContext,
        keepingResults: Bool,
        worker: CheckWorker? = nil, indent: String = "  "
    ) async -> Outcome {
        let console = context.console
        var attention: [Event] = []
        return await run(
            paths, binding: binding, selection: selection,
            suites: context.catalog.tableSuites, keepingResults: keepingResults,
            runRow: { row in
                guard let worker else { return await row.run() }
                // Once the run is stopping, no row starts: the rest are counted as not run.
                guard !worker.stop.isStopping else { return nil }
                return await worker.run(row: row, binding: binding, selection: selection)
            },
            onTable: { path, count in
                guard let count else {
                    attention = []
                    return
                }
                let failures = count.failures
                // A table no row of which ran shows no tick: a green mark must mean checked.
                let mark = !failures.isEmpty ? "✘" : count.notRun > 0 || count.run == 0 ? "–" : "✔"
                console.out(
                    indent
                        + (failures.isEmpty
                            ? "\(mark) \(path)  \(count.counts)" : "✘ \(path)  \(failures); \(count.counts)"))
                for event in attention {
                    switch event {
                    case .row(let result, let shown):
                        printRow(result, shownProblems: shown, console: console, indent: indent)
                    case .problem(let problem): console.out(indent + "  ✘ \(problem)")
                    }
                }
            },
            onEvent: { event in
                if case .row(let result, _) = event, result.isSuccess, result.row.status != .review,
                    !selection.lines(ofTable: result.row.path).contains(where: {
                        (result.row.line...result.row.endLine).contains($0)
                    })
                {
                    return
                }
                attention.append(event)
            })
    }
}
