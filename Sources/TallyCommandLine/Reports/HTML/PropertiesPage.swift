import Tally

/// The page of one spec's properties: for each, what it says, how many cases ran, its labels and
/// coverage as bar charts, and its failure with the counterexample and the line that replays it;
/// the nightly fuzz's findings beside them when the report has them.
struct PropertiesPage {
    var spec: String
    var outcomes: [Reports.PropertyOutcome]
    var fuzz: [FuzzSummary.Outcome]
    var replayLine: ReplayLine

    /// `properties-claims.html`.
    static func path(spec: String) -> String { "properties-\(spec.fileSafe).html" }

    var page: HTMLPage {
        var body = "<p class=\"counts\">\(ReportTotals(properties: outcomes).propertySentence)</p>\n"
        var names = outcomes.map(\.name)
        names += fuzz.map(\.name).filter { !names.contains($0) }
        for name in names {
            body += section(name, outcome: outcomes.first { $0.name == name }, fuzz: fuzz.first { $0.name == name })
        }
        return HTMLPage(path: Self.path(spec: spec), title: "\(spec): properties", body: body)
    }

    func section(_ name: String, outcome: Reports.PropertyOutcome?, fuzz: FuzzSummary.Outcome?) -> String {
        let id = name.hasPrefix(spec + "/") ? String(name.dropFirst(spec.count + 1)) : name
        let failed = outcome.map { !$0.result.passed } ?? false || fuzz.map(\.isFailing) ?? false
        var html = "<section class=\"property \(failed ? "failed" : "passed")\" id=\"\(id.fileSafe)\">\n"
        html += "<h2>\(id.htmlEscaped) \(badge(outcome))</h2>\n"
        if let outcome {
            let result = outcome.result
            if let location = outcome.location {
                html += "<p class=\"meta\">Declared at <code>\(location.htmlEscaped)</code></p>\n"
            }
            html += facts([
                ("Cases run", "\(result.casesRun)"), ("Discarded", "\(result.casesDiscarded)"),
                ("Seed", "\(result.seed)"), ("Time", "\(result.duration.milliseconds) ms"),
            ])
            html += "<h3>Labels and coverage</h3>\n"
            html +=
                BarChart(
                    title: "Labels of \(id)", counts: result.labels.counts, required: result.labels.required,
                    cases: result.casesRun
                ).svg + "\n"
            if case .gaveUp(let reason) = result.outcome {
                html += "<ul class=\"problems\"><li>Could not be checked: \(reason.htmlEscaped)</li></ul>\n"
            }
            if let example = result.counterexample {
                html += "<h3>Counterexample</h3>\n<pre class=\"counterexample\">\(example.value.htmlEscaped)</pre>\n"
                html += "<h3>Failure</h3>\n<pre>\(example.failure.htmlEscaped)</pre>\n"
                if example.originalValue != example.value {
                    html +=
                        "<p class=\"meta\">Found as (before shrinking in \(example.shrinkSteps) "
                        + "steps):</p>\n<pre>\(example.originalValue.htmlEscaped)</pre>\n"
                }
                html +=
                    "<p>Replay: <code class=\"replay\">"
                    + "\(replayLine.command(for: example.token).htmlEscaped)</code></p>\n"
            }
        }
        if let fuzz { html += fuzzSection(fuzz, id: id) }
        return html + "</section>\n"
    }

    func fuzzSection(_ fuzz: FuzzSummary.Outcome, id: String) -> String {
        let shard = fuzz.shard.map { [("Shard", $0)] } ?? []
        var html =
            "<h3>Nightly fuzz</h3>\n"
            + facts([("Cases", "\(fuzz.cases)"), ("Cases per second", "\(fuzz.casesPerSecond)")] + shard)
        if let reason = fuzz.gaveUp { html += "<ul class=\"problems\"><li>Gave up: \(reason.htmlEscaped)</li></ul>\n" }
        if let reason = fuzz.notRun { html += "<ul class=\"problems\"><li>Not run: \(reason.htmlEscaped)</li></ul>\n" }
        if let failure = fuzz.failure {
            html +=
                "<p><span class=\"badge failed\">✘ "
                + "\(failure.kind.htmlEscaped)\(failure.isNew ? " (new)" : "")</span></p>\n"
            html +=
                "<pre class=\"counterexample\">\(failure.value.htmlEscaped)</pre>\n"
                + "<pre>\(failure.message.htmlEscaped)</pre>\n"
            html += "<p>Replay: <code class=\"replay\">\(failure.replay.htmlEscaped)</code></p>\n"
            if !failure.saved.isEmpty {
                html += "<p class=\"meta\">Saved as <code>\(failure.saved.htmlEscaped)</code></p>\n"
            }
            if let first = failure.foundFirst {
                html +=
                    "<p>Found first, and saved unshrunk: a smaller case ended the worker while it "
                    + "shrank this failure</p>\n"
                html +=
                    "<pre class=\"counterexample\">\(first.value.htmlEscaped)</pre>\n"
                    + "<pre>\(first.message.htmlEscaped)</pre>\n"
                html += "<p>Replay: <code class=\"replay\">\(first.replay.htmlEscaped)</code></p>\n"
            }
        }
        if !fuzz.labels.isEmpty {
            html += BarChart(title: "Labels of \(id) in the fuzz", counts: fuzz.labels, cases: fuzz.cases).svg + "\n"
        }
        return html
    }

    func badge(_ outcome: Reports.PropertyOutcome?) -> String {
        guard let result = outcome?.result else { return "" }
        switch result.outcome {
        case .passed: return "<span class=\"badge passed\">✔ holds</span>"
        case .failed: return "<span class=\"badge failed\">✘ fails</span>"
        case .gaveUp: return "<span class=\"badge failed\">✘ not checked</span>"
        }
    }

    func facts(_ pairs: [(String, String)]) -> String {
        "<dl class=\"facts\">" + pairs.map { "<dt>\($0.0.htmlEscaped)</dt><dd>\($0.1.htmlEscaped)</dd>" }.joined()
            + "</dl>\n"
    }
}
