/// The report's first page: whether everything holds, totals per spec, and a link to each table's
/// page and each spec's properties.
struct IndexPage {
    struct TableLink {
        var binding: String
        var page: String
        var totals: ReportTotals
    }

    var specs: [String]
    var tables: [String: [TableLink]]
    var properties: [String: (page: String, totals: ReportTotals)]
    var totals: ReportTotals
    var fuzz: Result<FuzzSummary, ResultsFileError>?
    var mutants: Result<MutantsSummary, ResultsFileError>?
    /// The page of the mutation results, when there are some.
    var mutantsPage = MutantsPage.path

    func page(path: String) -> HTMLPage {
        var body = verdict
        body +=
            "<div class=\"scroll\"><table class=\"summary\">\n<thead><tr><th scope=\"col\">Spec</th>"
            + "<th scope=\"col\">Examples</th><th scope=\"col\">Properties</th></tr></thead>\n<tbody>\n"
        for spec in specs {
            let rows = (tables[spec] ?? []).map(\.totals)
            let count = rows.map(\.rows).reduce(0, +), failed = rows.map(\.failedRows).reduce(0, +)
            let pending = rows.map(\.pendingRows).reduce(0, +)
            let property = properties[spec]?.totals ?? ReportTotals()
            let examples = "\(count - failed) of \(count) pass" + (pending > 0 ? ", \(pending) pending" : "")
            body +=
                "<tr class=\"spec \(failed + property.failedProperties == 0 ? "passed" : "failed")\" "
                + "data-spec=\"\(spec.htmlEscaped)\">"
                + "<th scope=\"row\"><a href=\"#spec-\(spec.fileSafe)\">\(spec.htmlEscaped)</a></th>"
                + "<td class=\"\(failed > 0 ? "fail" : "pass")\">\(failed > 0 ? "✘" : "✔") \(examples)</td>"
                + "<td class=\"\(property.failedProperties > 0 ? "fail" : "pass")\">"
                + "\(property.failedProperties > 0 ? "✘" : "✔") "
                + "\(property.properties - property.failedProperties) of \(property.properties) hold</td></tr>\n"
        }
        body += "</tbody></table></div>\n"
        for spec in specs {
            body += "<h2 id=\"spec-\(spec.fileSafe)\">\(spec.htmlEscaped)</h2>\n"
            if let links = tables[spec], !links.isEmpty {
                body +=
                    "<ul class=\"tables\">\n"
                    + links.map { link in
                        let status =
                            link.totals.failedRows > 0
                            ? "<span class=\"badge failed\">✘ failing</span>"
                            : "<span class=\"badge passed\">✔ holds</span>"
                        return
                            "<li><a href=\"\(link.page.htmlEscaped)\">\(link.binding.htmlEscaped)</a> \(status) "
                            + "— \(link.totals.sentence.htmlEscaped)</li>\n"
                    }.joined() + "</ul>\n"
            }
            if let property = properties[spec] {
                let status =
                    property.totals.failedProperties > 0
                    ? "<span class=\"badge failed\">✘ failing</span>" : "<span class=\"badge passed\">✔ holds</span>"
                body +=
                    "<p><a href=\"\(property.page.htmlEscaped)\">Properties</a> \(status) "
                    + "— \(property.totals.propertySentence.htmlEscaped)</p>\n"
            }
        }
        switch fuzz {
        case .success(let fuzz)?:
            let problems = Self.problems(of: fuzz)
            body +=
                "<h2 id=\"fuzz\">Nightly fuzz</h2>\n<p>\(fuzz.outcomes.count) properties, "
                + "\(fuzz.outcomes.map(\.cases).reduce(0, +)) cases, seed \(fuzz.seed.htmlEscaped): "
                + (problems.isEmpty
                    ? "<span class=\"badge passed\">✔ no failure</span>"
                    : "<span class=\"badge failed\">✘ \(problems.joined(separator: ", ").htmlEscaped)</span>")
                + " (from <code>\(fuzz.path.htmlEscaped)</code>; each property's page shows its findings).</p>\n"
            if !fuzz.problems.isEmpty {
                body +=
                    "<ul class=\"problems\">\n" + fuzz.problems.map { "<li>\($0.htmlEscaped)</li>\n" }.joined()
                    + "</ul>\n"
            }
        case .failure(let problem)?:
            body +=
                "<h2 id=\"fuzz\">Nightly fuzz</h2>\n"
                + "<ul class=\"problems\"><li>\(problem.message.htmlEscaped)</li></ul>\n"
        case nil:
            break
        }
        body += mutantsSection
        return HTMLPage(path: path, title: "Requirements", body: body)
    }

    /// The mutation score and a link to the survivors, when `tally mutate` wrote its results beside.
    var mutantsSection: String {
        if case .failure(let problem)? = mutants {
            return "<h2 id=\"mutants\">Mutation analysis</h2>\n"
                + "<ul class=\"problems\"><li>\(problem.message.htmlEscaped)</li></ul>\n"
        }
        guard case .success(let mutants)? = mutants else { return "" }
        let run = mutants.run, survivors = run.survivors.count, total = run.score(of: nil)
        // No mutant judged measured nothing: neither green nor a failure (a --since night with no change).
        let badge =
            run.isIncomplete
            ? "<span class=\"badge failed\">✘ incomplete</span>"
            : total.killed + total.survived == 0
                ? "<span class=\"badge\">– no mutant judged</span>"
                : survivors > 0
                    ? "<span class=\"badge failed\">✘ \(survivors) survived</span>"
                    : "<span class=\"badge passed\">✔ none survived</span>"
        let scores = run.targets.map { "\($0) \(run.score(of: $0).text)" }.joined(separator: ", ")
        return
            "<h2 id=\"mutants\">Mutation analysis</h2>\n<p><a "
            + "href=\"\(mutantsPage.htmlEscaped)\">Mutants</a> \(badge) — "
            + "score \(run.score(of: nil).text)\(scores.isEmpty ? "" : " (\(scores.htmlEscaped))").</p>\n"
    }

    /// What keeps the fuzz from being green: failing properties, properties not run, a stop, the
    /// problems of a merged report's shards. Not run, stopped or not checked is no pass.
    static func problems(of fuzz: FuzzSummary) -> [String] {
        let failures = fuzz.outcomes.filter(\.isFailing).count
        let notRun = fuzz.outcomes.filter { $0.notRun != nil }.count
        var problems = failures > 0 ? ["\(failures) failing"] : []
        if notRun > 0 { problems.append("\(notRun) not run") }
        if let stopped = fuzz.stopped { problems.append(stopped) }
        if !fuzz.problems.isEmpty {
            problems.append("\(fuzz.problems.count) problem\(fuzz.problems.count == 1 ? "" : "s") with the shards")
        }
        return problems
    }

    /// The first line: whether every example, property and the fuzz beside them holds.
    var verdict: String {
        let fuzzHolds = (try? fuzz?.get()).map { Self.problems(of: $0).isEmpty } ?? true
        let (kind, words) =
            totals.passed && fuzzHolds
            ? ("pass", "✔ Every example and every property holds") : ("fail", "✘ Not everything holds")
        var sentences = "\(totals.sentence.htmlEscaped); \(totals.propertySentence.htmlEscaped)"
        if !fuzzHolds, let fuzz = try? fuzz?.get() {
            sentences += "; nightly fuzz: \(Self.problems(of: fuzz).joined(separator: ", ").htmlEscaped)"
        }
        return "<p class=\"verdict \(kind)\">\(words): \(sentences).</p>\n"
    }
}
