import Foundation
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// `tally report --html DIR` shows the results `tally mutate --report DIR/mutants.json` wrote beside
/// it: the score per target, each survivor with its place and its line before and after, and each
/// equivalent mutant with its reason.
@Suite struct MutantsReportTests {
    static func mutant(_ line: Int, _ original: String, _ mutated: String, before: String, after: String) -> Mutant {
        Mutant(
            id: line, target: "Fares", file: "Sources/Fares/Fares.swift", line: line, column: 16,
            kind: .relationalBoundary,
            original: original, mutated: mutated, before: [before], after: [after])
    }

    /// The JSON report of a run with a survivor, an equivalent mutant, a killed one and one whose schema did not
    /// compile.
    static var results: MutationResults {
        let results: [MutationResults.Result] = [
            .init(
                mutant: mutant(
                    9, ">=", ">", before: "if age >= 65 { return full / 2 }", after: "if age > 65 { return full / 2 }"),
                outcome: MutantOutcome(status: .survived), cached: false),
            .init(
                mutant: mutant(10, "<", "<=", before: "if a < b { return a }", after: "if a <= b { return a }"),
                outcome: MutantOutcome(status: .equivalent, by: ["equal amounts are the same value <either one>"]),
                cached: false),
            .init(
                mutant: mutant(8, "<", "<=", before: "if age < 5 { return 0 }", after: "if age <= 5 { return 0 }"),
                outcome: MutantOutcome(
                    status: .killed, by: ["row Tables/fares/riders.csv:3: price?: expected $2.00, actual $0.00"]),
                cached: true),
            .init(
                mutant: mutant(11, "+", "-", before: "name + suffix", after: "name - suffix"),
                outcome: MutantOutcome(status: .notCompiled, by: ["no '-' for String"]), cached: false),
        ]
        return MutationResults(
            results: results, targets: ["Fares"], command: "swift run tally mutate Fares", buildSeconds: 1,
            runSeconds: 1,
            wallSeconds: 2, mutantsRun: 3, jobs: 2)
    }

    func report(_ json: String, in folder: String) async throws -> (index: String, page: String?) {
        try FileManager.default.createDirectory(atPath: folder + "/report", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Tables", withIntermediateDirectories: true)
        try json.write(toFile: folder + "/report/mutants.json", atomically: true, encoding: .utf8)
        _ = await tally(["report", "--html", folder + "/report"], tables: folder + "/Tables", toolName: "shipping")
        let index = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        return (index, try? String(contentsOfFile: folder + "/report/mutants.html", encoding: .utf8))
    }

    @Test func survivorsAndEquivalentsAreShownWithTheirLinesAndReasons() async throws {
        try await withTemporaryFolder { folder in
            let (index, shown) = try await report(try MutationReports.json(Self.results), in: folder)
            #expect(
                index.contains(
                    "<a href=\"mutants.html\">Mutants</a> <span class=\"badge failed\">✘ 1 survived</span> — "
                        + "score 50.0% (Fares 50.0%)."
                ))
            let page = try #require(shown)
            #expect(
                page.contains(
                    "<p class=\"verdict fail\">✘ 1 mutant survived: the requirements did not notice that change of the "
                        + "engine. Mutation score 50.0%.</p>"
                ))
            #expect(page.contains("<td class=\"number fail\" data-column=\"Survived\">1</td>"))
            #expect(
                page.contains(
                    """
                    <h3><code class="location">Sources/Fares/Fares.swift:9:16</code> <span class="badge \
                    failed">✘ survived</span></h3>
                    <p>relational boundary: <code>&gt;=</code> → <code>&gt;</code></p>
                    <pre class="diff"><span class="removed">- if age &gt;= 65 { return full / 2 }</span>
                    <span class="added">+ if age &gt; 65 { return full / 2 }</span></pre>
                    """))
            #expect(
                page.contains(
                    "<td data-column=\"Why no input can tell it from the engine\">equal amounts are the same value "
                        + "&lt;either one&gt;</td>"
                ))
            #expect(page.contains("<td data-column=\"The compiler&apos;s message\">no &apos;-&apos; for String</td>"))
            #expect(!page.contains("Sources/Fares/Fares.swift:8:16</code> <span"), "a killed mutant needs no attention")
        }
    }

    /// Before, a run whose every mutant was equivalent or did not compile scored "100.0%" and exited 0.
    @Test func aRunThatJudgedNoMutantMeasuredNothing() async throws {
        var results = Self.results
        results.results = results.results.filter { [.equivalent, .notCompiled].contains($0.outcome.status) }
        #expect(
            MutateCommand.nothingJudged(results, isPartial: false)
                == "no mutant of Fares was killed or survived (2 mutants: 1 equivalent, 1 did not compile), "
                + "so the requirements were not measured"
        )
        #expect(
            MutateCommand.nothingJudged(results, isPartial: true) == nil,
            "--since with nothing changed is a quiet night")
        #expect(MutateCommand.nothingJudged(Self.results, isPartial: false) == nil)
        #expect(results.score(of: nil).text == "none, no mutant was judged")
        // No format reports a score: before, mutants.md said **100.0%** and mutants.json "score": 100.
        let markdown = MutationReports.markdown(results), json = try MutationReports.json(results)
        #expect(
            !markdown.contains("%") && markdown.contains("Mutation score **none, no mutant was judged**"), "\(markdown)"
        )
        #expect(!json.contains("\"score\""), "\(json)")
        #expect(!MutationReports.junit(results).contains("%"))
        try await withTemporaryFolder { folder in
            let (index, page) = try await report(try MutationReports.json(results), in: folder)
            #expect(
                !index.contains("none survived") && index.contains("<span class=\"badge\">– no mutant judged</span>"))
            #expect(
                page?.contains(
                    "<p class=\"verdict\">– No mutant was judged (1 equivalent, 1 did not compile): "
                        + "the requirements were not measured.</p>"
                ) == true)
            #expect(page?.contains("✔") == false)
        }
    }

    @Test func anIncompleteRunIsNeverShownGreen() async throws {
        try await withTemporaryFolder { folder in
            var results = Self.results
            results.results = [
                .init(
                    mutant: Self.mutant(9, ">=", ">", before: "a", after: "b"), outcome: MutantOutcome(status: .notRun),
                    cached: false)
            ]
            results.stopped = "stopped by SIGINT"
            let (index, page) = try await report(try MutationReports.json(results), in: folder)
            #expect(index.contains("<span class=\"badge failed\">✘ incomplete</span>"))
            #expect(
                page?.contains(
                    "<p class=\"verdict fail\">✘ Incomplete: 1 mutants were not run (stopped by SIGINT); "
                        + "the score covers the others.</p>"
                ) == true)
        }
    }

    @Test func anUnreadableFileBesideTheIndexIsNamedWithWhatIsWrong() async throws {
        try await withTemporaryFolder { folder in
            let (index, page) = try await report("{\"mutants\": 3}", in: folder)
            #expect(
                index.contains(
                    "cannot read the mutation results \(folder)/report/mutants.json: "
                        + "expected the JSON report that mutate --report FILE.json writes"
                ))
            #expect(page == nil)
        }
    }
}
