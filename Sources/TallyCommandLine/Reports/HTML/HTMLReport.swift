import Foundation
import Tally
import TallyTables

/// The requirements report as static HTML pages: an index with totals per spec, a page per table and
/// a page of properties per spec. Every page stands alone — inline style and charts, no script, no
/// request to the network — so it opens from a CI artifact, reads on a phone and prints.
struct HTMLReport {
    /// The specs, in the catalog's order.
    var specs: [String]
    var rows: [RowResult]
    var properties: [Reports.PropertyOutcome]
    /// The nightly fuzz's results, read from `summary.json` beside the index when it is there.
    var fuzz: Result<FuzzSummary, ResultsFileError>?
    /// `tally mutate`'s results, read from `mutants.json` beside the index when it is there.
    var mutants: Result<MutantsSummary, ResultsFileError>?
    /// How a printed line replays a token: `swift run tally replay <token>`.
    var replayLine: ReplayLine
    /// When the report was made.
    var date = Date()

    /// The tables that ran, in order, each with its results, binding and the name of its page (unique,
    /// other than `index`).
    func tables(index: String) -> [(path: String, binding: String, results: [RowResult], page: String)] {
        var tables: [(path: String, binding: String, results: [RowResult], page: String)] = []
        for result in rows {
            if let known = tables.firstIndex(where: { $0.path == result.row.path }) {
                tables[known].results.append(result)
                continue
            }
            var page = TablePage.path(binding: result.row.binding)
            while tables.contains(where: { $0.page == page }) || page == index { page = "x" + page }
            tables.append((result.row.path, result.row.binding, [result], page))
        }
        return tables
    }

    /// Every page; the index is named `index`.
    func pages(index: String) -> [HTMLPage] {
        var pages: [HTMLPage] = []
        var tableLinks: [String: [IndexPage.TableLink]] = [:]
        for table in tables(index: index) {
            let identifying = table.results.lazy.map(\.row.identifyingColumns).first { !$0.isEmpty } ?? []
            let page = TablePage(
                source: TableSource(path: table.path), results: table.results, binding: table.binding,
                identifying: identifying, path: table.page
            ).page
            pages.append(page)
            tableLinks[Self.spec(of: table.binding), default: []].append(
                .init(binding: table.binding, page: page.path, totals: ReportTotals(rows: table.results)))
        }
        let fuzzOutcomes = (try? fuzz?.get())?.outcomes ?? []
        var propertyLinks: [String: (page: String, totals: ReportTotals)] = [:]
        for spec in specs {
            let outcomes = properties.filter { Self.spec(of: $0.name) == spec }
            let found = fuzzOutcomes.filter { Self.spec(of: $0.name) == spec }
            guard !outcomes.isEmpty || !found.isEmpty else { continue }
            let page = PropertiesPage(spec: spec, outcomes: outcomes, fuzz: found, replayLine: replayLine).page
            pages.append(page)
            propertyLinks[spec] = (page.path, ReportTotals(properties: outcomes))
        }
        let shown = specs + Set(tableLinks.keys).subtracting(specs).sorted()
        var indexPage = IndexPage(
            specs: shown, tables: tableLinks, properties: propertyLinks,
            totals: ReportTotals(rows: rows, properties: properties), fuzz: fuzz, mutants: mutants)
        if case .success(let mutants)? = mutants {
            var page = MutantsPage(summary: mutants).page
            while pages.contains(where: { $0.path == page.path }) || page.path == index { page.path = "x" + page.path }
            indexPage.mutantsPage = page.path
            pages.append(page)
        }
        return [indexPage.page(path: index)] + pages
    }

    /// Writes every page into the folder of `indexPath`, the index as `indexPath`, with the fuzz
    /// results of `summary.json` and the mutation results of `mutants.json` beside it when there are
    /// some; returns the paths written.
    @discardableResult
    func write(indexPath: String) throws -> [String] {
        var report = self
        report.fuzz = Self.file("summary.json", besideIndex: indexPath, read: FuzzSummary.init(path:))
        report.mutants = Self.file("mutants.json", besideIndex: indexPath, read: MutantsSummary.init(path:))
        let url = URL(fileURLWithPath: indexPath)
        let folder = url.deletingLastPathComponent()
        let formatter = ISO8601DateFormatter()
        let footer = "Tally requirements report · \(formatter.string(from: date).htmlEscaped)"
        var written: [String] = []
        for page in report.pages(index: url.lastPathComponent) {
            let path = folder.appendingPathComponent(page.path).path
            try AtomicFile.write(page.document(index: url.lastPathComponent, footer: footer), to: path)
            written.append(path)
        }
        // Each table as it was run, for its page's links (``TablePage/copyPath(page:)``).
        for table in tables(index: url.lastPathComponent) {
            guard let contents = FileManager.default.contents(atPath: table.path) else { continue }
            try AtomicFile.write(contents, to: folder.appendingPathComponent(TablePage.copyPath(page: table.page)).path)
        }
        return written
    }

    /// The file `name` beside the report whose index is `indexPath`, read by `read`: `nil` when there
    /// is none, a failure naming the file and what is wrong with it when it cannot be read.
    static func file<Contents, Failure: Error>(
        _ name: String, besideIndex indexPath: String, read: (String) throws(Failure) -> Contents
    ) -> Result<Contents, Failure>? {
        let path = URL(fileURLWithPath: indexPath).deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return Result { () throws(Failure) in try read(path) }
    }

    /// `claims` for `claims/visits` or `claims/insurer plus patient equals allowed`.
    static func spec(of name: String) -> String { String(name.prefix { $0 != "/" }) }
}
