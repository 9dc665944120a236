/// The page of `tally mutate`'s results (``MutantsSummary``): the score of each target, every
/// survivor with its place and the line before and after (the example the requirements lack), and
/// every mutant reviewed as equivalent with the reason no input can tell it from the engine.
struct MutantsPage {
    var summary: MutantsSummary

    static let path = "mutants.html"

    var page: HTMLPage {
        var body = verdict
        let run = summary.run
        body +=
            "<p class=\"meta\">From <code>\(summary.path.htmlEscaped)</code>, "
            + "written by <code>\(run.command.htmlEscaped)</code>.</p>\n"
        body +=
            "<div class=\"scroll\"><table class=\"summary mutants\">\n<thead><tr><th scope=\"col\">Target</th><th "
            + "scope=\"col\" class=\"number\">Mutants</th>"
            + "<th scope=\"col\" class=\"number\">Killed</th><th scope=\"col\" class=\"number\">Survived</th><th "
            + "scope=\"col\" class=\"number\">Equivalent</th>"
            + "<th scope=\"col\" class=\"number\">Did not compile</th><th scope=\"col\" "
            + "class=\"number\">Score</th></tr></thead>\n<tbody>\n"
        for target in run.targets.map({ run.score(of: $0) }) {
            let failed = target.survived > 0 || target.notRun > 0
            let judged = target.killed + target.survived > 0
            body +=
                "<tr class=\"target \(failed ? "failed" : "passed")\" data-target=\"\(target.target.htmlEscaped)\"><th "
                + "scope=\"row\">\(target.target.htmlEscaped)</th>"
                + cell("Mutants", "\(target.total)") + cell("Killed", "\(target.killed)")
                + cell("Survived", "\(target.survived)", status: target.survived > 0 ? "fail" : "pass")
                + cell("Equivalent", "\(target.equivalent)")
                + cell("Did not compile", "\(target.notCompiled)")
                + cell(
                    "Score",
                    "\(failed ? "✘" : judged ? "✔" : "–") "
                        + "\(target.text)\(target.notRun > 0 ? " so far, \(target.notRun) not run" : "")",
                    status: failed ? "fail" : judged ? "pass" : nil) + "</tr>\n"
        }
        body += "</tbody></table></div>\n"
        let survivors = run.survivors
        if !survivors.isEmpty {
            body += "<h2 id=\"survivors\">Survived: no requirement noticed these changes</h2>\n"
            for result in survivors { body += section(result.mutant) }
            body +=
                "<p>Kill each with a requirement that states the rule the line implements: "
                + "preferably a table row (its note naming the rule) "
                + "whose expected cells change under the mutant, otherwise a property. "
                + "A mutant no input can tell from the engine goes in "
                + "<code>\(EquivalentMutants.fileName)</code>, with a reason.</p>\n"
        }
        body += list(.equivalent, title: "Equivalent (reviewed)", reason: "Why no input can tell it from the engine")
        body += list(.notCompiled, title: "Did not compile (left out of the score)", reason: "The compiler's message")
        return HTMLPage(path: Self.path, title: "Mutation analysis", body: body)
    }

    var verdict: String {
        let run = summary.run, total = run.score(of: nil)
        let survivors = total.survived
        if run.isIncomplete {
            return
                "<p class=\"verdict fail\">✘ Incomplete: \(total.notRun) "
                + "mutants were not run\(run.stopped.map { " (\($0.htmlEscaped))" } ?? "")"
                + "\(survivors > 0 ? ", and \(survivors) survived" : ""); the score covers the others.</p>\n"
        }
        if survivors > 0 {
            return
                "<p class=\"verdict fail\">✘ \(survivors) mutant\(survivors == 1 ? "" : "s") survived: "
                + "the requirements did not notice "
                + "\(survivors == 1 ? "that change" : "those changes") of the engine. "
                + "Mutation score \(total.text).</p>\n"
        }
        if total.killed + total.survived == 0 {
            return
                "<p class=\"verdict\">– No mutant was judged (\(total.equivalent) equivalent, "
                + "\(total.notCompiled) did not compile): "
                + "the requirements were not measured.</p>\n"
        }
        return
            "<p class=\"verdict pass\">✔ Every mutant is killed or reviewed as equivalent: "
            + "mutation score \(total.text).</p>\n"
    }

    func section(_ mutant: Mutant) -> String {
        let change =
            mutant.mutated.isEmpty
            ? "<code>\(mutant.original.htmlEscaped)</code> removed"
            : "<code>\(mutant.original.htmlEscaped)</code> → <code>\(mutant.mutated.htmlEscaped)</code>"
        let removed = mutant.before.map { "<span class=\"removed\">- \($0.htmlEscaped)</span>" }
        let added =
            mutant.after.isEmpty
            ? ["<span class=\"added\">+ (removed)</span>"]
            : mutant.after.map { "<span class=\"added\">+ \($0.htmlEscaped)</span>" }
        return "<section class=\"mutant survived\" id=\"mutant-\(mutant.location.fileSafe)\">\n"
            + "<h3><code class=\"location\">\(mutant.location.htmlEscaped)</code> <span class=\"badge "
            + "failed\">✘ survived</span></h3>\n"
            + "<p>\(mutant.kind.rawValue.htmlEscaped): "
            + "\(change)</p>\n<pre class=\"diff\">\((removed + added).joined(separator: "\n"))</pre>\n</section>\n"
    }

    /// The mutants of `status`, one row each with what explains them.
    func list(_ status: MutantOutcome.Status, title: String, reason: String) -> String {
        let results = summary.run.results.filter { $0.outcome.status == status }
        guard !results.isEmpty else { return "" }
        var html =
            "<h2 id=\"\(status.rawValue.fileSafe)\">\(title.htmlEscaped): "
            + "\(results.count)</h2>\n<div class=\"scroll\"><table class=\"mutants \(status.rawValue.fileSafe)\">\n"
            + "<thead><tr><th scope=\"col\">Mutant</th><th scope=\"col\">Change</th><th "
            + "scope=\"col\">\(reason.htmlEscaped)</th></tr></thead>\n<tbody>\n"
        for (mutant, outcome) in results.map({ ($0.mutant, $0.outcome) }) {
            let change =
                mutant.mutated.isEmpty ? "\(mutant.original) removed" : "\(mutant.original) → \(mutant.mutated)"
            html +=
                "<tr>" + cell("Mutant", "<code>\(mutant.location.htmlEscaped)</code>", escaped: true)
                + cell("Change", "<code>\(change.htmlEscaped)</code>", escaped: true)
                + cell(reason, outcome.by.first ?? "") + "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// A cell labelled with its column, for phones, where each row reads as a list.
    func cell(_ column: String, _ content: String, status: String? = nil, escaped: Bool = false) -> String {
        let number = Int(content) != nil || column == "Score"
        let classes = ([number ? "number" : nil, status].compactMap { $0 }).joined(separator: " ")
        return
            "<td\(classes.isEmpty ? "" : " class=\"\(classes)\"") "
            + "data-column=\"\(column.htmlEscaped)\">\(escaped ? content : content.htmlEscaped)</td>"
    }
}
