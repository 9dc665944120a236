import Foundation
import Tally
import TallyTables

/// Reports a CI page can show: JUnit XML (one test case per row and per property, since SwiftPM's
/// `--xunit-output` folds all rows of a test into one case) and a Markdown summary.
enum Reports {
    /// A property's outcome, named by suite.
    struct PropertyOutcome {
        var name: String
        var result: PropertyResult
        var report: String?
        /// Where the property is declared, `fileID:line`.
        var location: String? = nil
        /// Why the property was not checked (the run was stopped), if it was not: no pass, no failure.
        var notRun: String? = nil

        /// A property a stop kept from being checked, for `reason`.
        static func notRun(_ name: String, _ reason: String, _ property: Property, _ configuration: RunConfiguration)
            -> PropertyOutcome
        {
            PropertyOutcome(
                name: name, result: CheckRecovery.unrecoverable(property, configuration, "not checked: \(reason)"),
                report: nil,
                location: "\(property.fileID):\(property.line)", notRun: reason)
        }
    }

    /// Writes each report of `paths` (their extensions were checked before the run): `.xml` as JUnit,
    /// `.md` as Markdown, `.html` as the HTML requirements report (the index, with its other pages
    /// beside it), naming `specs` in order.
    static func write(
        _ paths: [String], rows: [RowResult], properties: [PropertyOutcome], specs: [String] = [],
        replayLine: ReplayLine = .tallyReplay, console: Console
    ) throws {
        for path in paths {
            if path.hasSuffix(".html") {
                do {
                    try HTMLReport(specs: specs, rows: rows, properties: properties, replayLine: replayLine).write(
                        indexPath: path)
                } catch {
                    throw ReportWriteError(path: path, error: error)
                }
            } else {
                try ReportPlace.write(
                    path.hasSuffix(".xml")
                        ? junit(rows: rows, properties: properties) : markdown(rows: rows, properties: properties),
                    to: path)
            }
            console.err("Wrote \(path)")
        }
    }

    static func junit(rows: [RowResult], properties: [PropertyOutcome]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(ReportPlace.xmlMarker)\n<testsuites>\n"
        let byBinding = Dictionary(grouping: rows, by: \.row.binding)
        for binding in byBinding.keys.sorted() {
            let results = byBinding[binding]!
            xml +=
                "  <testsuite name=\"\(binding.xmlEscaped)\" tests=\"\(results.count)\" "
                + "failures=\"\(results.filter { !$0.isSuccess }.count)\" "
                + "skipped=\"\(results.filter { $0.verdict == .knownIssue }.count)\">\n"
            for result in results {
                xml += "    <testcase classname=\"\(binding.xmlEscaped)\" name=\"\(result.row.name.xmlEscaped)\""
                if result.isSuccess && result.verdict != .knownIssue {
                    xml += "/>\n"
                } else if result.verdict == .knownIssue {
                    xml += "><skipped message=\"pending: a known issue\"/></testcase>\n"
                } else {
                    xml +=
                        "><failure message=\"\(result.verdict.rawValue.xmlEscaped)\">"
                        + "\(result.message.xmlEscaped)</failure></testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        if !properties.isEmpty {
            let skipped = properties.filter { $0.notRun != nil }.count
            xml +=
                "  <testsuite name=\"properties\" tests=\"\(properties.count)\" "
                + "failures=\"\(properties.filter { !$0.result.passed }.count - skipped)\" "
                + "skipped=\"\(skipped)\">\n"
            for property in properties {
                xml +=
                    "    <testcase classname=\"properties\" name=\"\(property.name.xmlEscaped)\" "
                    + "time=\"\(Double(property.result.duration.milliseconds) / 1000)\""
                if let reason = property.notRun {
                    xml += "><skipped message=\"not checked: \(reason.xmlEscaped)\"/></testcase>\n"
                } else if let report = property.report {
                    xml += "><failure message=\"property failed\">\(report.xmlEscaped)</failure></testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func markdown(rows: [RowResult], properties: [PropertyOutcome]) -> String {
        var lines = ["# Tally report", ""]
        if !rows.isEmpty {
            lines += ["## Tables", "", "| row | result | details |", "|---|---|---|"]
            for result in rows {
                let details =
                    result.isSuccess && result.verdict != .knownIssue
                    ? ""
                    : result.message.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                        .joined(separator: "<br>")
                lines.append(
                    "| \(MarkdownText.codeSpan(MarkdownText.cell(result.row.name))) | \(symbol(result.verdict)) "
                        + "| \(MarkdownText.cell(details)) |"
                )
            }
            lines.append("")
        }
        if !properties.isEmpty {
            lines += ["## Properties", "", "| property | result | cases | ms |", "|---|---|---|---|"]
            for property in properties {
                lines.append(
                    "| \(MarkdownText.inline(property.name)) | "
                        + (property.notRun.map { "⏹ not checked: \($0)" }
                            ?? (property.result.passed ? "✅ passed" : "❌ failed"))
                        + " | \(property.result.casesRun) | \(property.result.duration.milliseconds) |"
                )
            }
            for property in properties {
                guard let report = property.report else { continue }
                lines += ["", "### \(property.name)", "", "```", report, "```"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func symbol(_ verdict: RowResult.Verdict) -> String {
        switch verdict {
        case .passed: "✅ passed"
        case .failed: "❌ failed"
        case .invalid: "❌ invalid"
        case .knownIssue: "⏸ pending"
        case .unexpectedPass: "❌ pending but passes"
        }
    }

}
