import Foundation
import Tally

/// The nightly fuzz's reports: JUnit (one test case per property), Markdown (cases, rate, label bar
/// charts, failures with replay commands) and JSON for tools.
enum FuzzReports {
    static func write(_ paths: [String], outcomes: [FuzzPropertyOutcome], seed: UInt64, replayCommand: String, console: Console) throws {
        for path in paths {
            let text: String
            if path.hasSuffix(".xml") {
                text = junit(outcomes, replayCommand: replayCommand)
            } else if path.hasSuffix(".md") {
                text = markdown(outcomes, seed: seed, replayCommand: replayCommand)
            } else if path.hasSuffix(".json") {
                text = json(outcomes, seed: seed, replayCommand: replayCommand)
            } else {
                throw UsageError(message: "tally fuzz: error: --report \(path): expected a file name ending in .xml, .md or .json")
            }
            try AtomicFile.write(text, to: path)
            console.err("Wrote \(path)")
        }
    }

    static func junit(_ outcomes: [FuzzPropertyOutcome], replayCommand: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"tally fuzz\" tests=\"\(outcomes.count)\" failures=\"\(outcomes.filter { $0.finding != nil }.count)\">\n"
        for outcome in outcomes {
            xml += "    <testcase classname=\"fuzz\" name=\"\(outcome.name.xmlEscaped)\" time=\"\(String(format: "%.3f", outcome.seconds))\""
            if let finding = outcome.finding {
                xml += "><failure message=\"\(finding.kind.rawValue)\">\("\(finding.value)\n\(finding.failure)\nReplay: \(replayCommand) \(finding.token)".xmlEscaped)</failure></testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    static func markdown(_ outcomes: [FuzzPropertyOutcome], seed: UInt64, replayCommand: String) -> String {
        var lines = ["# Tally nightly fuzz", "", "Seed \(seed). \(outcomes.map(\.cases).reduce(0, +)) cases in \(outcomes.count) properties.", "",
                     "| property | result | cases | cases/s |", "|---|---|---:|---:|"]
        for outcome in outcomes {
            let result = outcome.finding.map { "❌ \($0.kind.rawValue)\($0.isNew ? " (new)" : "")" } ?? "✅ passed"
            lines.append("| \(outcome.name) | \(result) | \(outcome.cases) | \(Int(outcome.rate)) |")
        }
        for outcome in outcomes where outcome.finding != nil {
            let finding = outcome.finding!
            lines += ["", "## ❌ \(outcome.name)", "", "\(finding.kind.rawValue.capitalized), shrunk in \(finding.shrinkSteps) steps:", "", "```",
                      finding.value, "```", "", "Failure: `\(finding.failure)`", "", "Replay: `\(replayCommand) \(finding.token)`"]
        }
        for outcome in outcomes where !outcome.labels.isEmpty {
            lines += ["", "## Coverage: \(outcome.name)", "", "| label | cases | share |", "|---|---:|---|"]
            for (label, count) in outcome.labels.sorted(by: { $0.value > $1.value }) {
                let share = outcome.cases > 0 ? Double(count) / Double(outcome.cases) : 0
                lines.append("| \(label) | \(count) | `\(String(repeating: "█", count: Int(share * 20)))` \(String(format: "%.1f", share * 100))% |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ outcomes: [FuzzPropertyOutcome], seed: UInt64, replayCommand: String) -> String {
        let properties: [[String: Any]] = outcomes.map { outcome in
            var entry: [String: Any] = ["name": outcome.name, "cases": outcome.cases, "seconds": outcome.seconds,
                                        "cases_per_s": Int(outcome.rate), "labels": outcome.labels, "passed": outcome.finding == nil]
            if let finding = outcome.finding {
                entry["failure"] = ["kind": finding.kind.rawValue, "value": finding.value, "message": finding.failure, "token": finding.token,
                                    "replay": "\(replayCommand) \(finding.token)", "new": finding.isNew, "saved": finding.savedPath ?? ""]
            }
            if let reason = outcome.gaveUp { entry["gave_up"] = reason }
            return entry
        }
        let document: [String: Any] = ["seed": String(seed), "properties": properties]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

}
