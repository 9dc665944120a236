/// The page of `tally mutate`'s results (``MutantsSummary``): the score of each target, every
/// survivor with its place and the line before and after (the example the requirements lack), and
/// every mutant reviewed as equivalent with the reason no input can tell it from the engine.
struct MutantsPage {
    var summary: MutantsSummary

    static let path = "mutants.html"

    var page: HTMLPage {
        var body = verdict
        body += "<p class=\"meta\">From <code>\(summary.path.htmlEscaped)</code>, written by <code>\(summary.command.htmlEscaped)</code>.</p>\n"
        body += "<div class=\"scroll\"><table class=\"summary mutants\">\n<thead><tr><th scope=\"col\">Target</th><th scope=\"col\" class=\"number\">Mutants</th>"
            + "<th scope=\"col\" class=\"number\">Killed</th><th scope=\"col\" class=\"number\">Survived</th><th scope=\"col\" class=\"number\">Equivalent</th>"
            + "<th scope=\"col\" class=\"number\">Did not compile</th><th scope=\"col\" class=\"number\">Score</th></tr></thead>\n<tbody>\n"
        for target in summary.targets {
            let failed = target.survived > 0 || target.notRun > 0
            body += "<tr class=\"target \(failed ? "failed" : "passed")\" data-target=\"\(target.name.htmlEscaped)\"><th scope=\"row\">\(target.name.htmlEscaped)</th>"
                + cell("Mutants", "\(target.mutants)") + cell("Killed", "\(target.killed)")
                + cell("Survived", "\(target.survived)", status: target.survived > 0 ? "fail" : "pass") + cell("Equivalent", "\(target.equivalent)")
                + cell("Did not compile", "\(target.notCompiled)")
                + cell("Score", "\(failed ? "✘" : "✔") \(MutationResults.percent(target.score))\(target.notRun > 0 ? " so far, \(target.notRun) not run" : "")",
                       status: failed ? "fail" : "pass") + "</tr>\n"
        }
        body += "</tbody></table></div>\n"
        let survivors = summary.survivors
        if !survivors.isEmpty {
            body += "<h2 id=\"survivors\">Survived: no requirement noticed these changes</h2>\n"
            for mutant in survivors { body += section(mutant) }
            body += "<p>Kill each with a requirement that states the rule the line implements: preferably a table row (its note naming the rule) "
                + "whose expected cells change under the mutant, otherwise a property. A mutant no input can tell from the engine goes in "
                + "<code>\(EquivalentMutants.fileName)</code>, with a reason.</p>\n"
        }
        body += list("equivalent", title: "Equivalent (reviewed)", reason: "Why no input can tell it from the engine")
        body += list("did not compile", title: "Did not compile (left out of the score)", reason: "The compiler's message")
        return HTMLPage(path: Self.path, title: "Mutation analysis", body: body)
    }

    var verdict: String {
        let survivors = summary.survivors.count
        if summary.isIncomplete {
            let notRun = summary.targets.map(\.notRun).reduce(0, +)
            return "<p class=\"verdict fail\">✘ Incomplete: \(notRun) mutants were not run\(summary.stopped.map { " (\($0.htmlEscaped))" } ?? "")"
                + "\(survivors > 0 ? ", and \(survivors) survived" : ""); the score covers the others.</p>\n"
        }
        if survivors > 0 {
            return "<p class=\"verdict fail\">✘ \(survivors) mutant\(survivors == 1 ? "" : "s") survived: the requirements did not notice "
                + "\(survivors == 1 ? "that change" : "those changes") of the engine. Mutation score \(MutationResults.percent(summary.score)).</p>\n"
        }
        return "<p class=\"verdict pass\">✔ Every mutant is killed or reviewed as equivalent: mutation score \(MutationResults.percent(summary.score)).</p>\n"
    }

    func section(_ mutant: MutantsSummary.Mutant) -> String {
        let change = mutant.mutated.isEmpty ? "<code>\(mutant.original.htmlEscaped)</code> removed"
            : "<code>\(mutant.original.htmlEscaped)</code> → <code>\(mutant.mutated.htmlEscaped)</code>"
        let removed = mutant.before.map { "<span class=\"removed\">- \($0.htmlEscaped)</span>" }
        let added = mutant.after.isEmpty ? ["<span class=\"added\">+ (removed)</span>"] : mutant.after.map { "<span class=\"added\">+ \($0.htmlEscaped)</span>" }
        return "<section class=\"mutant survived\" id=\"mutant-\(mutant.location.fileSafe)\">\n"
            + "<h3><code class=\"location\">\(mutant.location.htmlEscaped)</code> <span class=\"badge failed\">✘ survived</span></h3>\n"
            + "<p>\(mutant.kind.htmlEscaped): \(change)</p>\n<pre class=\"diff\">\((removed + added).joined(separator: "\n"))</pre>\n</section>\n"
    }

    /// The mutants of `status`, one row each with what explains them.
    func list(_ status: String, title: String, reason: String) -> String {
        let mutants = summary.mutants.filter { $0.status == status }
        guard !mutants.isEmpty else { return "" }
        var html = "<h2 id=\"\(status.fileSafe)\">\(title.htmlEscaped): \(mutants.count)</h2>\n<div class=\"scroll\"><table class=\"mutants \(status.fileSafe)\">\n"
            + "<thead><tr><th scope=\"col\">Mutant</th><th scope=\"col\">Change</th><th scope=\"col\">\(reason.htmlEscaped)</th></tr></thead>\n<tbody>\n"
        for mutant in mutants {
            let change = mutant.mutated.isEmpty ? "\(mutant.original) removed" : "\(mutant.original) → \(mutant.mutated)"
            html += "<tr>" + cell("Mutant", "<code>\(mutant.location.htmlEscaped)</code>", escaped: true)
                + cell("Change", "<code>\(change.htmlEscaped)</code>", escaped: true) + cell(reason, mutant.by.first ?? "") + "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// A cell labelled with its column, for phones, where each row reads as a list.
    func cell(_ column: String, _ content: String, status: String? = nil, escaped: Bool = false) -> String {
        let number = Int(content) != nil || column == "Score"
        let classes = ([number ? "number" : nil, status].compactMap { $0 }).joined(separator: " ")
        return "<td\(classes.isEmpty ? "" : " class=\"\(classes)\"") data-column=\"\(column.htmlEscaped)\">\(escaped ? content : content.htmlEscaped)</td>"
    }
}
