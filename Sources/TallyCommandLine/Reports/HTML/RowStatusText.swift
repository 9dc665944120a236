import TallyTables

/// How the report names a row's outcome: a class for its color and words that say it without color.
struct RowStatusText {
    var className: String
    var text: String

    init(_ result: RowResult?) {
        guard let result else {
            (className, text) = ("invalid", "✘ not run")
            return
        }
        switch result.verdict {
        case .passed where result.row.status == .review: (className, text) = ("review", "? awaiting review")
        case .passed: (className, text) = ("passed", "✔ passed")
        case .failed: (className, text) = ("failed", "✘ failed")
        case .invalid: (className, text) = ("invalid", "✘ cannot run")
        case .knownIssue: (className, text) = ("pending", "~ pending")
        case .unexpectedPass: (className, text) = ("unexpected", "✘ pending, but passes")
        }
    }
}
