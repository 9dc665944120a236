import Foundation
import Tally

/// The nightly fuzz's reports: JUnit (one test case per property), Markdown (cases, rate, label bar
/// charts, failures with replay commands) and JSON for tools.
enum FuzzReports {
    /// Writes each report of `paths` (their extensions were checked before the run); `run` says what the
    /// run was (its seed, shard, commit and budget) and what stopped it before its budget was spent.
    static func write(
        _ paths: [String], outcomes: [FuzzPropertyOutcome], run: FuzzRunFacts, replayLine: ReplayLine = .tallyReplay,
        console: Console
    ) throws {
        for path in paths {
            let text: String
            if path.hasSuffix(".xml") {
                text = junit(outcomes, problems: run.problems, replayLine: replayLine)
            } else if path.hasSuffix(".md") {
                text = markdown(outcomes, run: run, replayLine: replayLine)
            } else {
                text = try json(outcomes, run: run, replayLine: replayLine)
            }
            try ReportPlace.write(text, to: path)
            console.err("Wrote \(path)")
        }
    }

    /// ``write(_:outcomes:run:replayLine:console:)`` for a run known by its seed alone.
    static func write(
        _ paths: [String], outcomes: [FuzzPropertyOutcome], seed: UInt64, stoppedBy: String?,
        replayLine: ReplayLine = .tallyReplay, console: Console
    ) throws {
        try write(
            paths, outcomes: outcomes, run: FuzzRunFacts(seed: String(seed), stopped: stoppedBy),
            replayLine: replayLine, console: console)
    }

    /// One test case per property (its class names its shard in a merged report), and one failing test
    /// case per problem of a merged report's shards.
    static func junit(_ outcomes: [FuzzPropertyOutcome], problems: [String] = [], replayLine: ReplayLine = .tallyReplay)
        -> String
    {
        let failures = outcomes.filter(\.failed).count + problems.count
        let skipped = outcomes.filter { $0.notRun != nil }.count
        let tests = outcomes.count + problems.count
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(ReportPlace.xmlMarker)\n<testsuites>\n  <testsuite "
            + "name=\"tally fuzz\" tests=\"\(tests)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        for problem in problems {
            xml +=
                "    <testcase classname=\"fuzz merge\" name=\"shards\"><failure "
                + "message=\"\(problem.xmlEscaped)\">\(problem.xmlEscaped)</failure></testcase>\n"
        }
        for outcome in outcomes {
            let classname = outcome.shard.map { "fuzz shard \($0)" } ?? "fuzz"
            xml +=
                "    <testcase classname=\"\(classname.xmlEscaped)\" name=\"\(outcome.name.xmlEscaped)\" "
                + "time=\"\(String(format: "%.3f", outcome.seconds))\""
            if let finding = outcome.finding {
                var text = "\(finding.value)\n\(finding.failure)\nReplay: \(finding.replay(replayLine))"
                if let first = finding.foundFirst {
                    text +=
                        "\n\n\(finding.foundFirstHeading):\n\(first.value)\n\(first.failure)\nReplay: "
                        + "\(FuzzFinding.replay(first.token, replayLine))"
                }
                xml += "><failure message=\"\(finding.kind.rawValue)\">\(text.xmlEscaped)</failure></testcase>\n"
            } else if let reason = outcome.gaveUp {
                xml += "><failure message=\"not checked\">\(reason.xmlEscaped)</failure></testcase>\n"
            } else if let reason = outcome.notRun {
                xml += "><skipped message=\"\(("not run: " + reason).xmlEscaped)\"/></testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    static func markdown(
        _ outcomes: [FuzzPropertyOutcome], seed: UInt64, stoppedBy: String?, replayLine: ReplayLine = .tallyReplay
    ) -> String {
        markdown(outcomes, run: FuzzRunFacts(seed: String(seed), stopped: stoppedBy), replayLine: replayLine)
    }

    /// The run in a sentence, the problems of a merged report's shards, a row per property (with the
    /// shard that ran it, merged), then each finding with its replay line and each property's labels.
    static func markdown(_ outcomes: [FuzzPropertyOutcome], run: FuzzRunFacts, replayLine: ReplayLine = .tallyReplay)
        -> String
    {
        var lines = [
            "# Tally nightly fuzz", "",
            "\(run.sentence) \(outcomes.map(\.cases).reduce(0, +)) cases; properties: \(totals(outcomes))."
                + (run.stopped.map { " The run was \($0)." } ?? ""),
        ]
        if !run.problems.isEmpty {
            lines += [
                "",
                "## ❌ Not one whole run: \(run.problems.count) "
                    + "problem\(run.problems.count == 1 ? "" : "s") with the shards",
                "",
            ]
            lines += run.problems.map { "- \(MarkdownText.inline($0))" }
        }
        let sharded = outcomes.contains { $0.shard != nil }
        lines += [
            "", "| property | result | cases | cases/s |" + (sharded ? " shard |" : ""),
            "|---|---|---:|---:|" + (sharded ? "---|" : ""),
        ]
        for outcome in outcomes {
            let result =
                outcome.finding.map { "❌ \($0.kind.rawValue)\($0.isNew ? " (new)" : "")" }
                ?? outcome.gaveUp.map { "❌ not checked: \(MarkdownText.inline($0))" }
                ?? outcome.notRun.map { "➖ not run: \(MarkdownText.inline($0))" } ?? "✅ passed"
            let shard = sharded ? " \(outcome.shard.map(MarkdownText.inline) ?? "") |" : ""
            lines.append(
                "| \(MarkdownText.inline(outcome.name)) | \(result) | \(outcome.cases) | \(Int(outcome.rate)) |" + shard
            )
        }
        for outcome in outcomes {
            guard let finding = outcome.finding else { continue }
            let shrunk =
                (finding.shrinkSteps.map { ", shrunk in \($0) steps" } ?? "")
                + (finding.shrinkNote.map { " (\(MarkdownText.inline($0)))" } ?? "")
            lines += [
                "", "## ❌ \(MarkdownText.inline(outcome.name))", "", "\(finding.kind.rawValue.capitalized)\(shrunk):",
                "",
            ]
            lines += MarkdownText.fence(finding.value) + ["", "Failure:", ""] + MarkdownText.fence(finding.failure)
            lines +=
                ["", "Replay: `\(finding.replay(replayLine))`"]
                + (outcome.shard.map {
                    ["", "Found by shard \($0)" + (finding.savedPath.map { ", saved as `\($0)`" } ?? "") + "."]
                } ?? [])
            if let first = finding.foundFirst {
                lines += ["", "\(finding.foundFirstHeading):", ""] + MarkdownText.fence(first.value)
                lines +=
                    ["", "Failure:", ""] + MarkdownText.fence(first.failure) + [
                        "", "Replay: `\(FuzzFinding.replay(first.token, replayLine))`",
                    ]
            }
        }
        for outcome in outcomes where !outcome.labels.isEmpty {
            lines += [
                "", "## Coverage: \(MarkdownText.inline(outcome.name))", "", "| label | cases | share |",
                "|---|---:|---|",
            ]
            for (label, count) in outcome.labels.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                lines.append("| \(MarkdownText.inline(label)) | \(count) | \(share(count, of: outcome.cases)) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `24 passed, 1 failed, 3 not run`: the run's properties by result, as the console's last line and
    /// the Markdown report say it.
    static func totals(_ outcomes: [FuzzPropertyOutcome]) -> String {
        let failed = outcomes.filter(\.failed).count
        let notRun = outcomes.filter { $0.notRun != nil }.count
        return "\(outcomes.count - failed - notRun) passed, \(failed) failed"
            + (notRun > 0 ? ", \(notRun) not run" : "")
    }

    /// `12.5% ██` — a percentage, then a bar of one block per 5% (none below 5%); `< 0.1%` for a share
    /// too small to show in tenths, so a label that was reached never reads as 0.
    static func share(_ count: Int, of total: Int) -> String {
        let share = total > 0 ? Double(count) / Double(total) : 0
        let percent = count > 0 && share < 0.000_5 ? "< 0.1%" : String(format: "%.1f%%", share * 100)
        let bar = String(repeating: "█", count: Int(share * 20))
        return bar.isEmpty ? percent : percent + " " + bar
    }

    static func json(
        _ outcomes: [FuzzPropertyOutcome], seed: UInt64, stoppedBy: String?, replayLine: ReplayLine = .tallyReplay
    ) throws -> String {
        try json(outcomes, run: FuzzRunFacts(seed: String(seed), stopped: stoppedBy), replayLine: replayLine)
    }

    static func json(_ outcomes: [FuzzPropertyOutcome], run: FuzzRunFacts, replayLine: ReplayLine = .tallyReplay) throws
        -> String
    {
        let properties = outcomes.map { FuzzReportJSON.Property($0, replayLine: replayLine) }
        return try FuzzReportJSON(
            seed: run.seed, properties: properties, stopped: run.stopped, shard: run.shard, commit: run.commit,
            budget: run.budget,
            selected: run.selected, merged: run.merged.isEmpty ? nil : run.merged,
            problems: run.problems.isEmpty ? nil : run.problems
        ).text()
    }
}
