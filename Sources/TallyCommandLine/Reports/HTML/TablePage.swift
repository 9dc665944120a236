import Foundation
import TallyTables

/// The page of one requirement table: its rule, what disagrees, then every row of the file.
///
/// A row shows first what it exists to check: its name, the inputs its spec names as identifying it
/// (``TableSpec/identifyingRows(by:)``: a scenario step's action and claim, say), then each expected
/// cell, green when the engine agrees and red, with the engine's value beside it, when it does not;
/// its other inputs follow, folded into one cell that opens on a click. So at a laptop's width a reader sees every
/// verdict without scrolling sideways, and a row stands no taller than a line or two. Every failing cell is also
/// listed above the table, with its row, column, expected and actual values and `file:line`.
struct TablePage {
    var source: TableSource
    var results: [RowResult]
    var binding: String
    /// The input columns its spec shows beside the verdicts, by name, in the spec's order.
    var identifying: [String] = []
    /// The page's file name in the report folder.
    var path: String
    /// Where the copy of the table sits in the report folder, linked relatively so that the folder
    /// zipped and opened elsewhere keeps its links.
    var copy: String { Self.copyPath(page: path) }

    /// `table-claims-visits.html`: every page sits beside the index, so a report folder holds only
    /// files named by the report.
    static func path(binding: String) -> String { "table-\(binding.fileSafe).html" }

    /// `tables/table-claims-visits.csv`: the copy of the table the page at `page` shows, as it was run.
    static func copyPath(page: String) -> String {
        "tables/" + URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent + ".csv"
    }

    /// The columns that hold expected outputs (`…?`), by position; one that no row fills and no row
    /// failed on says nothing, and is left out. It reads every record: the page computes it once.
    private var outputPositions: [Int] {
        source.header.indices.filter { position in
            let column = source.header[position]
            guard column.trimmingCharacters(in: .whitespaces).hasSuffix("?") else { return false }
            let filled = source.records.contains {
                position < $0.fields.count && !$0.fields[position].text.trimmingCharacters(in: .whitespaces).isEmpty
            }
            return filled
                || results.contains {
                    $0.mismatches.contains { TableColumn.normalize($0.column) == TableColumn.normalize(column) }
                }
        }
    }

    /// The positions of the identifying columns, in the spec's order; the spec's binding makes sure the
    /// table has each one (a table without one has a problem, and no row ran).
    private var keyPositions: [Int] {
        identifying.compactMap { name in
            source.header.firstIndex { TableColumn.normalize($0) == TableColumn.normalize(name) }
        }
    }

    var page: HTMLPage {
        let byLine = Dictionary(results.map { ($0.row.line, $0) }, uniquingKeysWith: { first, _ in first })
        let recordLines = Set(source.records.map(\.line))
        let tableProblems =
            source.problems + results.filter { !recordLines.contains($0.row.line) }.flatMap(\.row.problems)
        var body =
            "<p class=\"meta\">\(Self.link(copy, text: source.path)) (a copy, as it was run) · "
            + "bound to <code>\(binding.htmlEscaped)</code></p>\n"
        if !source.rule.isEmpty { body += "<div class=\"rule\">\n\(source.rule)\n</div>\n" }
        body += "<p class=\"counts\">\(ReportTotals(rows: results).sentence)</p>\n"
        if !tableProblems.isEmpty {
            body +=
                "<h2>Problems with the table</h2>\n<ul class=\"problems\">"
                + Set(tableProblems).sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map {
                    "<li>\($0.description.htmlEscaped)</li>"
                }.joined()
                + "</ul>\n"
        }
        body += TableFailures(results: results, fileName: fileName).html
        let outputs = outputPositions, keys = keyPositions
        // Beside identifying columns the browser sizes the columns by their content (`keyed`), so that no
        // amount, date or id breaks inside; the row's name is its line alone, the file being the page's.
        body +=
            "<div class=\"scroll\"><table class=\"examples\(keys.isEmpty ? "" : " keyed")\" "
            + "data-table=\"\(binding.htmlEscaped)\">\n"
            + (keys.isEmpty ? columnWidths(outputs) : "") + "<thead><tr><th scope=\"col\">row</th>"
        body += keys.map { "<th scope=\"col\" class=\"key\">\(source.header[$0].htmlEscaped)</th>" }.joined()
        body += outputs.map { "<th scope=\"col\">\(source.header[$0].htmlEscaped)</th>" }.joined()
        body += "<th scope=\"col\">inputs</th></tr></thead>\n<tbody>\n"
        for record in source.records {
            body += row(record, result: byLine[record.line], outputs: outputs, keys: keys)
        }
        body += "</tbody></table></div>\n"
        return HTMLPage(path: path, title: binding, body: body, isWide: true)
    }

    /// The columns' shares of the page's width: the row's name and the folded inputs a fixed share,
    /// each expected column a share by the longest of its values and its header's longest word (within
    /// bounds), so that the table fits the window, wide values get room, and nothing scrolls sideways.
    private func columnWidths(_ outputs: [Int]) -> String {
        let weights = outputs.map { position -> Int in
            // A value with its mark and the cell's padding; a header word whole; a long text wraps.
            min(
                max(
                    longestValue(position) + 4,
                    (source.header[position].split(separator: " ").map(\.count).max() ?? 0) + 3, 8), 15)
        }
        let total = max(weights.reduce(0, +), 1), shared = 100.0 - 16 - 8
        let shares = weights.map { String(format: "%.1f%%", shared * Double($0) / Double(total)) }
        return "<colgroup><col style=\"width: 16%\">" + shares.map { "<col style=\"width: \($0)\">" }.joined()
            + "<col style=\"width: 8%\"></colgroup>\n"
    }

    /// The length of the longest value in the column at `position`.
    private func longestValue(_ position: Int) -> Int {
        source.records.map { position < $0.fields.count ? $0.fields[position].text.count : 0 }.max() ?? 0
    }

    /// A link to `href`, a path relative to the report's folder, showing `text`: relative, so that the
    /// folder zipped and opened on another machine keeps it working.
    private static func link(_ href: String, text: String) -> String {
        let escaped = href.split(separator: "/").map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
        }
        return "<a href=\"\(escaped.joined(separator: "/").htmlEscaped)\">\(text.htmlEscaped)</a>"
    }

    /// `visits.csv`.
    private var fileName: String { URL(fileURLWithPath: source.path).lastPathComponent }

    /// One row of the file — its name, its identifying inputs, its expected cells, its other inputs
    /// folded — and beneath it what the cells cannot show: an error, a problem, a note for review.
    func row(_ record: CSVRecord, result: RowResult?, outputs: [Int], keys: [Int]) -> String {
        let status = RowStatusText(result)
        let fields = record.fields.map { $0.text.trimmingCharacters(in: .whitespaces) }
        let cell = { (position: Int) in position < fields.count ? fields[position] : "" }
        let id = source.header.firstIndex { TableColumn.normalize($0) == "id" }.map(cell) ?? ""
        var html = "<tr class=\"example \(status.className)\" id=\"line-\(record.line)\" data-line=\"\(record.line)\">"
        html +=
            "<td data-column=\"row\" class=\"row\"><a "
            + "href=\"#line-\(record.line)\">\(keys.isEmpty ? fileName.htmlEscaped + ":" : "line ")\(record.line)</a> "
            + "<span class=\"badge \(status.className)\">\(status.text)</span>"
            + (id.isEmpty ? "" : "<span class=\"id\">\(id.htmlEscaped)</span>") + "</td>"
        // A short value (a date, an id) stays on one line; a scenario's name wraps between its words.
        // An empty one is left out of a phone's card, as an empty expected cell is.
        html += keys.map { position in
            let classes =
                "key" + (longestValue(position) <= 12 ? " short" : "") + (cell(position).isEmpty ? " blank" : "")
            return
                "<td data-column=\"\(source.header[position].htmlEscaped)\" "
                + "class=\"\(classes)\">\(cell(position).htmlEscaped)</td>"
        }.joined()
        let checked =
            result.map {
                [.passed, .failed, .knownIssue, .unexpectedPass].contains($0.verdict) && $0.error == nil
                    && $0.crash == nil
            } ?? false
        for position in outputs {
            let column = source.header[position], text = cell(position)
            let label = "data-column=\"\(column.htmlEscaped)\""
            let mismatch = result?.mismatches.first {
                TableColumn.normalize($0.column) == TableColumn.normalize(column)
            }
            if let mismatch, checked {
                let expected = text.isEmpty ? "(empty)" : text
                html +=
                    "<td \(label) class=\"expected "
                    + "fail\(expected.count <= 16 && mismatch.actual.count <= 16 ? " short" : "")\"><span>"
                    + "✘\u{00A0}\(expected.htmlEscaped)<span class=\"actual\">actual "
                    + "\(mismatch.actual.htmlEscaped)</span></span></td>"
            } else if checked && !text.isEmpty {
                html +=
                    "<td \(label) class=\"expected pass\(text.count <= 16 ? " short" : "")\">"
                    + "✔\u{00A0}\(text.htmlEscaped)</td>"
            } else {
                html +=
                    "<td \(label) class=\"expected \(text.isEmpty ? "blank" : "unchecked")\">\(text.htmlEscaped)</td>"
            }
        }
        let folded = inputs(fields, outputs: outputs, keys: keys)
        html += "<td data-column=\"inputs\" class=\"inputs\(folded.isEmpty ? " blank" : "")\">\(folded)</td></tr>\n"
        let details = Self.details(result)
        if !details.isEmpty {
            html +=
                "<tr class=\"detail\"><td "
                + "colspan=\"\(keys.count + outputs.count + 2)\">"
                + "\(details.map(\.htmlEscaped).joined(separator: "<br>"))</td></tr>\n"
        }
        return html
    }

    /// The row's cells other than `outputs`, folded: the values of those other than `keys` (shown in
    /// their own columns) in one line that opens into the whole list. Nothing when every one is shown
    /// in its own column: a fold that opens onto what the row already shows would only be a marker.
    private func inputs(_ fields: [String], outputs: [Int], keys: [Int]) -> String {
        let shown = source.header.indices.filter { position in
            position < fields.count && !fields[position].isEmpty && !outputs.contains(position)
                && TableColumn.normalize(source.header[position]) != "id"
        }
        let folded = shown.filter { !keys.contains($0) }
        guard !folded.isEmpty else { return "" }
        let line = folded.map { fields[$0] }.joined(separator: " · ")
        let list = shown.map { "<dt>\(source.header[$0].htmlEscaped)</dt><dd>\(fields[$0].htmlEscaped)</dd>" }.joined()
        return "<details><summary><span>\(line.htmlEscaped)</span></summary><dl class=\"facts\">\(list)</dl></details>"
    }

    /// What a row's cells do not show.
    static func details(_ result: RowResult?) -> [String] {
        guard let result else { return ["This row did not run: the table could not be read."] }
        var lines: [String] = []
        if let error = result.error { lines.append("The engine threw: \(error)") }
        if let crash = result.crash {
            lines += crash.split(separator: "\n").enumerated().map {
                ($0.offset == 0 ? "The engine " : "") + $0.element
            }
        }
        if result.verdict == .invalid { lines += result.row.problems.map(\.description) }
        if result.verdict == .unexpectedPass { lines.append("Marked pending, but passes now: clear its status cell.") }
        if result.verdict == .knownIssue { lines.append("Pending: a known issue, expected to fail.") }
        if result.row.status == .review && result.verdict != .invalid {
            lines.append("Awaiting review: confirm the expected values, then clear the status cell.")
        }
        return lines
    }
}
