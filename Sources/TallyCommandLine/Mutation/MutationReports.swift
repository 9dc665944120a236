import Foundation
import Tally

/// The reports of `tally mutate --report`: Markdown for a CI page, JSON for tools, JUnit XML (one
/// test case per mutant: a survivor fails, an equivalent or uncompiled mutant is skipped).
enum MutationReports {
    static func write(_ paths: [String], results: MutationResults, console: Console) throws {
        for path in paths {
            let text =
                path.hasSuffix(".md") ? markdown(results) : path.hasSuffix(".json") ? try json(results) : junit(results)
            try ReportPlace.write(text, to: path)
            console.err("Wrote \(path)")
        }
    }

    static func markdown(_ run: MutationResults) -> String {
        let total = run.score(of: nil)
        var lines = [
            "# Tally mutation analysis", "", "`\(run.command)`", "",
            "Mutation score **\(total.text)**: \(total.killed) of \(total.killed + total.survived) killed, "
                + "\(total.equivalent) equivalent, \(total.notCompiled) did not compile"
                + (run.isIncomplete
                    ? "; **incomplete**: \(total.notRun) not run\(run.stopped.map { " (\($0))" } ?? "")." : "."),
            "",
            "| target | mutants | killed | survived | equivalent | did not compile | score |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for target in run.targets {
            let score = run.score(of: target)
            lines.append(
                "| \(target) | \(score.total) | \(score.killed) | \(score.survived) | \(score.equivalent) "
                    + "| \(score.notCompiled) | \(score.text) |"
            )
        }
        lines += ["", MutationSummary.timing(run, "Build") + ".", ""]
        lines += ["| mutant | operator | change | result | by |", "|---|---|---|---|---|"]
        for result in run.results {
            let mutant = result.mutant
            lines.append(
                "| `\(mutant.location)` | \(mutant.kind.rawValue) | \(MarkdownText.cell(mutant.change)) "
                    + "| \(symbol(result.outcome.status)) "
                    + "| \(MarkdownText.cell(result.outcome.by.joined(separator: "<br>"))) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ run: MutationResults) throws -> String {
        let total = run.score(of: nil)
        let mutants = run.results.map { result in
            let mutant = result.mutant
            return MutationReportJSON.Mutant(
                file: mutant.file, line: mutant.line, column: mutant.column, target: mutant.target,
                operator: mutant.kind,
                original: mutant.original, mutated: mutant.mutated, before: mutant.before, after: mutant.after,
                key: mutant.key,
                status: result.outcome.status, by: result.outcome.by, seconds: result.outcome.seconds,
                cached: result.cached)
        }
        let targets = run.targets.map { target in
            let score = run.score(of: target)
            return MutationReportJSON.Target(
                target: target, mutants: score.total, killed: score.killed, survived: score.survived,
                equivalent: score.equivalent,
                didNotCompile: score.notCompiled, notRun: score.notRun, score: score.percent)
        }
        return try MutationReportJSON(
            command: run.command, score: total.percent, killed: total.killed, survived: total.survived,
            equivalent: total.equivalent,
            didNotCompile: total.notCompiled, notRun: total.notRun, incomplete: run.isIncomplete, targets: targets,
            mutants: mutants,
            buildSeconds: run.buildSeconds, runSeconds: run.runSeconds, wallSeconds: run.wallSeconds,
            mutantsRun: run.mutantsRun,
            mutantsPerMinute: run.mutantsPerMinute, jobs: run.jobs, stopped: run.stopped
        ).text()
    }

    static func junit(_ run: MutationResults) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(ReportPlace.xmlMarker)\n<testsuites>\n"
        for target in run.targets {
            let mine = run.results.filter { $0.mutant.target == target }
            let skipped = mine.filter { [.equivalent, .notCompiled, .notRun].contains($0.outcome.status) }.count
            xml +=
                "  <testsuite name=\"mutate \(target.xmlEscaped)\" tests=\"\(mine.count)\" "
                + "failures=\"\(mine.filter { $0.outcome.status == .survived }.count)\" skipped=\"\(skipped)\">\n"
            for result in mine {
                let mutant = result.mutant
                xml +=
                    "    <testcase classname=\"\(mutant.file.xmlEscaped)\" name=\"\(mutant.key.xmlEscaped)\" "
                    + "time=\"\(String(format: "%.3f", result.outcome.seconds))\""
                switch result.outcome.status {
                case .survived:
                    let detail =
                        ([
                            "- " + mutant.before.joined(separator: "\n- "),
                            "+ " + mutant.after.joined(separator: "\n+ "),
                        ]).joined(separator: "\n")
                    xml +=
                        "><failure message=\"survived: "
                        + "no requirement noticed "
                        + "\(mutant.change.xmlEscaped)\">\(detail.xmlEscaped)</failure></testcase>\n"
                case .equivalent, .notCompiled, .notRun:
                    xml +=
                        "><skipped message=\"\(result.outcome.status.rawValue)"
                        + "\(result.outcome.by.first.map { ": \($0)" }?.xmlEscaped ?? "")\"/></testcase>\n"
                default:
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func symbol(_ status: MutantOutcome.Status) -> String {
        switch status {
        case .killed: "✅ killed"
        case .timedOut: "✅ timed out"
        case .crashed: "✅ crashed"
        case .survived: "❌ survived"
        case .equivalent: "≡ equivalent"
        case .notCompiled: "· did not compile"
        case .notRun: "– not run"
        }
    }
}
