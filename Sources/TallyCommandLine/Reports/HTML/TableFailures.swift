import TallyTables

/// The list above a table's rows of everything that disagrees: each failing cell with its row (named by
/// its id, or by the inputs that identify it), column, expected and actual values, and each row that
/// failed without a cell to show (the engine threw or crashed, the row cannot be read, a pending row
/// passes). What a reader of a failing report came for, in one place, whatever the table's width.
struct TableFailures {
    var results: [RowResult]
    /// The table's file name, `visits.csv`.
    var fileName: String

    var html: String {
        var rows: [String] = []
        for result in results where [.failed, .invalid, .unexpectedPass].contains(result.verdict) {
            let line = result.row.line
            // A row of steps is named by the inputs its spec names as identifying it, as another by its id.
            let name = result.row.id ?? (result.row.identifyingSummary.isEmpty ? nil : result.row.identifyingSummary)
            let place =
                "<a href=\"#line-\(line)\">\((fileName + ":\(line)").htmlEscaped)</a>"
                + (name.map { " <span class=\"id\">\($0.htmlEscaped)</span>" } ?? "")
            let cells = result.error == nil && result.crash == nil && result.verdict == .failed ? result.mismatches : []
            for mismatch in cells {
                rows.append(
                    "<tr><td data-column=\"row\">\(place)</td>"
                        + "<td data-column=\"column\">\(mismatch.column.htmlEscaped)</td>"
                        + "<td data-column=\"expected\">"
                        + "\((mismatch.expected.isEmpty ? "(empty)" : mismatch.expected).htmlEscaped)</td>"
                        + "<td data-column=\"actual\" class=\"fail\">\(mismatch.actual.htmlEscaped)</td></tr>")
            }
            if cells.isEmpty {
                let why = TablePage.details(result).first ?? RowStatusText(result).text
                rows.append(
                    "<tr><td data-column=\"row\">\(place)</td><td data-column=\"why\" colspan=\"3\" "
                        + "class=\"fail\">\(why.htmlEscaped)</td></tr>"
                )
            }
        }
        guard !rows.isEmpty else { return "" }
        return
            "<h2>What disagrees</h2>\n<div class=\"scroll\"><table class=\"failures\">\n<thead><tr><th "
            + "scope=\"col\">row</th><th scope=\"col\">column</th>"
            + "<th scope=\"col\">expected</th><th scope=\"col\">actual</th></tr></thead>\n<tbody>\n"
            + rows.joined(separator: "\n") + "\n</tbody></table></div>\n"
    }
}
