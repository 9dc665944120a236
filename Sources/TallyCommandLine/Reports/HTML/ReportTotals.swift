import TallyTables

/// Counts of rows and properties, for a table, a spec or the whole report.
struct ReportTotals {
    var rows = 0
    var passedRows = 0
    var failedRows = 0
    var pendingRows = 0
    var reviewRows = 0
    var properties = 0
    var failedProperties = 0

    init(rows results: [RowResult] = [], properties outcomes: [Reports.PropertyOutcome] = []) {
        rows = results.count
        passedRows = results.filter { $0.verdict == .passed }.count
        failedRows = results.filter { !$0.isSuccess }.count
        pendingRows = results.filter { $0.verdict == .knownIssue }.count
        reviewRows = results.filter { $0.row.status == .review }.count
        properties = outcomes.count
        failedProperties = outcomes.filter { !$0.result.passed }.count
    }

    /// Whether nothing failed.
    var passed: Bool { failedRows == 0 && failedProperties == 0 }

    /// `47 rows: 45 passed, 1 failed, 1 pending (1 awaiting review)`.
    var sentence: String {
        var text = "\(rows) row\(rows == 1 ? "" : "s"): \(passedRows) passed, \(failedRows) failed"
        if pendingRows > 0 { text += ", \(pendingRows) pending" }
        if reviewRows > 0 { text += " (\(reviewRows) awaiting review)" }
        return text
    }

    /// `5 properties: 4 hold, 1 fails`.
    var propertySentence: String {
        "\(properties) propert\(properties == 1 ? "y" : "ies"): \(properties - failedProperties) "
            + "hold\(properties - failedProperties == 1 ? "s" : ""), \(failedProperties) "
            + "fail\(failedProperties == 1 ? "s" : "")"
    }
}
