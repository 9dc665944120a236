import Foundation
import TallyTables

/// The page of one requirement table: its rule, then every row of the file with each expected cell
/// green when the engine agrees and red, with the engine's value beside it, when it does not.
struct TablePage {
    var source: TableSource
    var results: [RowResult]
    var binding: String

    /// `table-claims-visits.html`: every page sits beside the index, so a report folder holds only
    /// files named by the report.
    static func path(binding: String) -> String { "table-\(binding.fileSafe).html" }

    var page: HTMLPage {
        let byLine = Dictionary(results.map { ($0.row.line, $0) }, uniquingKeysWith: { first, _ in first })
        let recordLines = Set(source.records.map(\.line))
        let tableProblems = source.problems + results.filter { !recordLines.contains($0.row.line) }.flatMap(\.row.problems)
        var body = "<p class=\"meta\">\(ReportLink.file(source.path, text: source.path)) · bound to <code>\(binding.htmlEscaped)</code></p>\n"
        if !source.rule.isEmpty { body += "<div class=\"rule\">\n\(source.rule)\n</div>\n" }
        body += "<p class=\"counts\">\(ReportTotals(rows: results).sentence)</p>\n"
        if !tableProblems.isEmpty {
            body += "<h2>Problems with the table</h2>\n<ul class=\"problems\">"
                + Set(tableProblems).sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map { "<li>\($0.description.htmlEscaped)</li>" }.joined()
                + "</ul>\n"
        }
        body += "<div class=\"scroll\"><table class=\"examples\" data-table=\"\(binding.htmlEscaped)\">\n<thead><tr><th scope=\"col\">row</th>"
        body += source.header.map { "<th scope=\"col\">\($0.htmlEscaped)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for record in source.records {
            body += row(record, result: byLine[record.line])
        }
        body += "</tbody></table></div>\n"
        return HTMLPage(path: Self.path(binding: binding), title: binding, body: body, isWide: true)
    }

    /// One row of the file, and beneath it what the cells cannot show: an error, a problem, a note
    /// for review.
    func row(_ record: CSVRecord, result: RowResult?) -> String {
        let status = RowStatusText(result)
        let location = "\(URL(fileURLWithPath: source.path).lastPathComponent):\(record.line)"
        var html = "<tr class=\"example \(status.className)\" id=\"line-\(record.line)\" data-line=\"\(record.line)\">"
        html += "<td data-column=\"row\"><span>\(ReportLink.file(source.path, text: location)) <span class=\"badge \(status.className)\">\(status.text)</span></span></td>"
        let checked = result.map { [.passed, .failed, .knownIssue, .unexpectedPass].contains($0.verdict) && $0.error == nil && $0.crash == nil } ?? false
        for (column, field) in zip(source.header, record.fields) {
            let text = field.text.trimmingCharacters(in: .whitespaces)
            let label = "data-column=\"\(column.htmlEscaped)\""
            guard column.trimmingCharacters(in: .whitespaces).hasSuffix("?") else {
                let width = text.isEmpty ? "blank" : text.count <= 16 ? "short" : text.count > 40 ? "long" : ""
                html += "<td \(label)\(width.isEmpty ? "" : " class=\"\(width)\"")>\(text.htmlEscaped)</td>"
                continue
            }
            let short = text.count <= 16 ? " short" : text.count > 40 ? " long" : ""
            let mismatch = result?.mismatches.first { TableColumn.normalize($0.column) == TableColumn.normalize(column) }
            if let mismatch, checked {
                let expected = text.isEmpty ? "(empty)" : text
                html += "<td \(label) class=\"expected fail\(short)\"><span>✘ \(expected.htmlEscaped)<span class=\"actual\">actual \(mismatch.actual.htmlEscaped)</span></span></td>"
            } else if checked && !text.isEmpty {
                html += "<td \(label) class=\"expected pass\(short)\">✔ \(text.htmlEscaped)</td>"
            } else {
                html += "<td \(label) class=\"expected \(text.isEmpty ? "blank" : "unchecked")\">\(text.htmlEscaped)</td>"
            }
        }
        html += "</tr>\n"
        let details = Self.details(result)
        if !details.isEmpty {
            html += "<tr class=\"detail\"><td colspan=\"\(source.header.count + 1)\">\(details.map(\.htmlEscaped).joined(separator: "<br>"))</td></tr>\n"
        }
        return html
    }

    /// What a row's cells do not show.
    static func details(_ result: RowResult?) -> [String] {
        guard let result else { return ["This row did not run: the table could not be read."] }
        var lines: [String] = []
        if let error = result.error { lines.append("The engine threw: \(error)") }
        if let crash = result.crash { lines += crash.split(separator: "\n").enumerated().map { ($0.offset == 0 ? "The engine " : "") + $0.element } }
        if result.verdict == .invalid { lines += result.row.problems.map(\.description) }
        if result.verdict == .unexpectedPass { lines.append("Marked pending, but passes now: clear its status cell.") }
        if result.verdict == .knownIssue { lines.append("Pending: a known issue, expected to fail.") }
        if result.row.status == .review && result.verdict != .invalid { lines.append("Awaiting review: confirm the expected values, then clear the status cell.") }
        return lines
    }
}
