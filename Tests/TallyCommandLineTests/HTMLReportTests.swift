import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The HTML requirements report: `tally check --report DIR/index.html` and `tally report --html DIR`.
@Suite struct HTMLReportTests {
    static let table = """
        # A charge is approved when it fits the **available** balance.
        # The balance after is what is left.
        id,available,charge,approved?,available after?,status,note
        exact balance,$50.00,$50.00,yes,$0.00,,
        one cent over,$50.00,$50.01,no,$50.00,,<script>alert(1)</script>
        wrong,$50.00,$20.00,yes,$20.00,,planted: the balance after is $30.00
        known issue,$10.00,$20.00,yes,$0.00,pending,
        promoted,$10.00,$5.00,yes,$5.00,review,
        """

    static let halves = Property("halves", Gen.int(in: 0...1000)) { n in
        label(n < 500 ? "small" : "large")
        cover(90, n < 500, "small")
        try ensure(n / 2 * 2 == n, "n is even")
    }

    /// Runs `arguments` against the toy catalog as the tool `shipping`; returns the status and output.
    func shipping(_ arguments: [String], tables: String, properties: [Property] = []) async -> (
        status: Int32, out: String, err: String
    ) {
        await tally(arguments, tables: tables, properties: properties, toolName: "shipping")
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func everyRowOfTheFileIsShownWithEachExpectedCellGreenOrRedBesideItsActualValue() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder + "/Tables")
            let result = await shipping(
                ["check", "--report", folder + "/report/index.html"], tables: folder + "/Tables")
            #expect(result.status == 1)
            #expect(result.err.contains("Wrote \(folder)/report/index.html"))
            let page = try read(folder + "/report/table-toy-charges.html")
            #expect(page.components(separatedBy: "<tr class=\"example ").count - 1 == 5)
            let wrong = try #require(
                page.components(separatedBy: "<tr class=\"example failed\" id=\"line-6\"").last?.components(
                    separatedBy: "</tr>"
                ).first)
            #expect(
                wrong.contains(
                    "<td data-column=\"available after?\" class=\"expected fail short\"><span>✘\u{00A0}$20.00<span "
                        + "class=\"actual\">actual $30.00</span></span></td>"
                ))
            #expect(wrong.contains("<td data-column=\"approved?\" class=\"expected pass short\">✔\u{00A0}yes</td>"))
            // The row's expected cells come first; its inputs follow, folded.
            #expect(
                wrong.contains(
                    "<td data-column=\"inputs\" class=\"inputs\"><details><summary><span>$50.00 · $20.00 · planted: "
                        + "the balance after is $30.00</span>"
                ))
            // Every failing cell is listed above the table, with its row, column, expected and actual values.
            #expect(
                page.contains(
                    "<tr><td data-column=\"row\"><a href=\"#line-6\">charges.csv:6</a> <span "
                        + "class=\"id\">wrong</span></td>"
                        + "<td data-column=\"column\">available after?</td><td data-column=\"expected\">$20.00</td><td "
                        + "data-column=\"actual\" class=\"fail\">$30.00</td></tr>"
                ))
            // Links are relative, to a copy of the table in the report's folder: the folder travels whole.
            #expect(page.contains("<a href=\"tables/table-toy-charges.csv\">"))
            #expect(try read(folder + "/report/tables/table-toy-charges.csv") == Self.table)
            #expect(!page.contains("file:"))
            #expect(page.contains("<tr class=\"example pending\" id=\"line-7\""))
            #expect(page.contains("<tr class=\"example review\" id=\"line-8\""))
            #expect(page.contains("charges.csv:6</a>"))
            #expect(
                page.contains(
                    "<p>A charge is approved when it fits the <strong>available</strong> balance. "
                        + "The balance after is what is left.</p>"
                ))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            for file in try FileManager.default.contentsOfDirectory(atPath: folder + "/report")
            where file.hasSuffix(".html") {
                let html = try read(folder + "/report/" + file)
                #expect(
                    !html.contains("<script") && !html.contains("<link") && !html.contains("src=")
                        && !html.contains("http"), "\(file) loads nothing")
            }
            let index = try read(folder + "/report/index.html")
            #expect(index.contains("✘ Not everything holds: 5 rows: 3 passed, 1 failed, 1 pending (1 awaiting review)"))
            #expect(index.contains("<a href=\"table-toy-charges.html\">toy/charges</a>"))
        }
    }

    @Test func aMarkdownFileBesideTheTableIsItsRule() async throws {
        try await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            try "# Charges\n\nA charge is approved when:\n\n- it fits the balance\n- `pending` holds count\n".write(
                toFile: path.replacingOccurrences(of: ".csv", with: ".md"), atomically: true, encoding: .utf8)
            _ = await shipping(["tables", "run", "--report", folder + "/out/index.html"], tables: folder)
            let page = try read(folder + "/out/table-toy-charges.html")
            #expect(
                page.contains(
                    "<div class=\"rule\">\n<h3>Charges</h3>\n<p>A charge is approved when:</p>\n<ul><li>it fits the "
                        + "balance</li><li><code>pending</code> holds count</li></ul>\n</div>"
                ))
        }
    }

    @Test func aPropertysPageShowsItsLabelsCoverageAndFailureWithAReplayLineThatNamesTheTool() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder + "/Tables")
            let result = await shipping(
                ["report", "--html", folder + "/report"], tables: folder + "/Tables", properties: [Self.halves])
            #expect(result.status == 1)
            #expect(result.out.contains(" swift run shipping replay"))
            let page = try read(folder + "/report/properties-toy.html")
            #expect(page.contains("<h2>halves <span class=\"badge failed\">✘ fails</span></h2>"))
            #expect(page.contains("Declared at <code>TallyCommandLineTests/HTMLReportTests.swift:"))
            #expect(page.contains("<svg class=\"chart\" role=\"img\""))
            #expect(page.contains("<g class=\"entry\" data-label=\"small\">"))
            #expect(page.contains("<pre class=\"counterexample\">1</pre>"))
            #expect(page.contains("<code class=\"replay\">swift run shipping replay "))
            #expect(try read(folder + "/report/index.html").contains("<a href=\"properties-toy.html\">Properties</a>"))
        }
    }

    @Test func aCoverageRequirementMissedIsARedBarWithItsMark() {
        let chart = BarChart(title: "t", counts: ["rare": 2, "common": 98], required: ["rare": 5], cases: 100).svg
        #expect(chart.contains("<rect class=\"bar short\""))
        #expect(chart.contains("rare — 2% (2 of 100), needs ≥ 5% ✘"))
        #expect(chart.contains("<line class=\"need\" x1=\"21\""))
    }

    @Test func fuzzResultsBesideTheIndexAreShownAndUnreadableOnesSaySo() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder + "/Tables")
            try FileManager.default.createDirectory(atPath: folder + "/report", withIntermediateDirectories: true)
            try """
            {"seed": "7", "properties": [{"name": "toy/halves", "cases": 5000, "cases_per_s": 2500, \
            "labels": {"small": 2600},
             "passed": false, "failure": {"kind": "failure", "value": "1", "message": "n is even", "token": "t",
             "replay": "swift run shipping replay t", "new": true, "saved": ".tally/examples/x",
             "found_first": {"value": "999", "message": "n < 500", "token": "u", "replay": \
            "swift run shipping replay u", "saved": ""}}}]}
            """.write(toFile: folder + "/report/summary.json", atomically: true, encoding: .utf8)
            _ = await shipping(
                ["report", "--html", folder + "/report"], tables: folder + "/Tables", properties: [Self.halves])
            #expect(
                try read(folder + "/report/index.html").contains(
                    "1 properties, 5000 cases, seed 7: <span class=\"badge failed\">✘ 1 failing</span>"))
            let page = try read(folder + "/report/properties-toy.html")
            #expect(page.contains("<h3>Nightly fuzz</h3>"))
            #expect(page.contains("<span class=\"badge failed\">✘ failure (new)</span>"))
            #expect(
                page.contains(
                    "<pre class=\"counterexample\">999</pre>\n<pre>n &lt; 500</pre>\n<p>Replay: "
                        + "<code class=\"replay\">swift run shipping replay u</code>"
                ))

            // A run stopped before every property ran is no "no failure" (before: "✔ no failure").
            try """
            {"seed": "7", "stopped": "stopped by SIGINT after 0:03", "properties": [{"name": "toy/halves", "cases": 0,
             "cases_per_s": 0, "labels": {}, "passed": false, "not_run": "the run was stopped before it started"}]}
            """.write(toFile: folder + "/report/summary.json", atomically: true, encoding: .utf8)
            _ = await shipping(
                ["report", "--html", folder + "/report"], tables: folder + "/Tables", properties: [Self.halves])
            #expect(
                try read(folder + "/report/index.html").contains(
                    "seed 7: <span class=\"badge failed\">✘ 1 not run, stopped by SIGINT after 0:03</span>"))
            #expect(
                try read(folder + "/report/properties-toy.html").contains(
                    "<li>Not run: the run was stopped before it started</li>"))

            try "{\"properties\": 3}".write(toFile: folder + "/report/summary.json", atomically: true, encoding: .utf8)
            _ = await shipping(["report", "--html", folder + "/report"], tables: folder + "/Tables")
            #expect(
                try read(folder + "/report/index.html").contains(
                    "cannot read the fuzz results \(folder)/report/summary.json: expected the JSON report"))
        }
    }

    /// The last line names the index to open, as a path from the package root like every path tally
    /// prints (before, a file URL of this machine), whatever the check found.
    @Test func theReportEndsNamingItsIndex() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder + "/Tables")
            let result = await shipping(["report", "--html", folder + "/out/"], tables: folder + "/Tables")
            #expect(result.status == 1)
            #expect(result.out.hasSuffix("\nHTML report: \(folder)/out/index.html"), "\(result.out)")
            #expect(FileManager.default.fileExists(atPath: folder + "/out/index.html"))
        }
    }

    @Test func reportNeedsAFolder() async throws {
        try await withTemporaryFolder { folder in
            let missing = await shipping(["report"], tables: folder)
            #expect(missing.status == 2)
            #expect(missing.err.hasPrefix("shipping report: error: missing --html DIR"))
            try "x".write(toFile: folder + "/file", atomically: true, encoding: .utf8)
            let file = await shipping(["report", "--html", folder + "/file"], tables: folder)
            #expect(file.status == 2)
            #expect(
                file.err.hasPrefix(
                    "shipping report: error: --html \(folder)/file is a file: expected a folder for the report's pages")
            )
            let index = await shipping(["report", "--html", folder + "/r/index.html"], tables: folder)
            #expect(
                index.err.hasPrefix("shipping report: error: --html expects a folder, got '\(folder)/r/index.html'"))
        }
    }
}
