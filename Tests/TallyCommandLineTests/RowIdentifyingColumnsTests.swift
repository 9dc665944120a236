import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// A table page shows the inputs its spec names as identifying a row beside the verdicts
/// (``TableSpec/identifyingRows(by:)``); a name the table cannot show is a problem naming the spec and
/// the column, never a page with a column quietly missing.
@Suite struct RowIdentifyingColumnsTests {
    /// Steps of a claim scenario: which step, which claim, and what the patient paid after it.
    static func steps(identifying columns: [String]) -> TableSpec {
        TableSpec(
            "steps",
            columns: [
                .input("scenario", .text), .input("action", .text), .input("claim", .text.optional),
                .input("provider", .text.optional, required: false), .input("allowed", .money),
                .output("patient pays?", .money),
            ], scenarioColumn: "scenario"
        ) { row in ["patient pays?": .money(try row.money("allowed"))] }
        .identifyingRows(by: columns)
    }

    static let table = """
        scenario,action,claim,allowed,patient pays?,note
        late claim,claim,c1,$300.00,$300.00,
        late claim,claim,c2,$800.00,$500.00,planted: the patient pays $800.00
        late claim,resend,,$300.00,$300.00,
        """

    static func load(_ spec: TableSpec, _ text: String = table) -> LoadedTable {
        withTemporaryFolder { folder in
            LoadedTable.load(
                path: ToySpec.write(text, table: "steps", in: folder), suites: [TableSuite("toy", tables: [spec])])
        }
    }

    @Test func theNamedColumnsStandBetweenTheRowAndItsVerdictsAndLeaveTheFoldedInputs() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, table: "steps", in: folder + "/Tables")
            let spec = TableSuite("toy", tables: [Self.steps(identifying: ["scenario", "action", "claim"])])
            let result = await tally(
                ["report", "--html", folder + "/report"], tables: folder + "/Tables", tableSuites: [spec])
            #expect(result.status == 1)
            let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
            #expect(
                page.contains(
                    "<thead><tr><th scope=\"col\">row</th><th scope=\"col\" class=\"key\">scenario</th>"
                        + "<th scope=\"col\" class=\"key\">action</th><th scope=\"col\" class=\"key\">claim</th><th "
                        + "scope=\"col\">patient pays?</th>"
                ))
            let planted = try #require(
                page.components(separatedBy: "id=\"line-3\"").dropFirst().first?.components(separatedBy: "</tr>").first)
            #expect(
                planted.contains("<a href=\"#line-3\">line 3</a>"), "the file is the page's: the row's name is its line"
            )
            #expect(
                planted.contains(
                    "</td><td data-column=\"scenario\" class=\"key short\">late claim</td><td data-column=\"action\" "
                        + "class=\"key short\">claim</td>"
                        + "<td data-column=\"claim\" class=\"key short\">c2</td><td data-column=\"patient pays?\" "
                        + "class=\"expected fail short\">"
                ))
            // Shown in their own columns, they leave the folded line; the opened list still holds every input.
            #expect(planted.contains("<summary><span>$800.00 · planted: the patient pays $800.00</span></summary>"))
            #expect(planted.contains("<dt>claim</dt><dd>c2</dd>"))
            // An empty one is left out of a phone's card, as an empty expected cell is.
            #expect(page.contains("<td data-column=\"claim\" class=\"key short blank\"></td>"))
            // Sized by their content, so that no amount or date breaks inside.
            #expect(page.contains("<table class=\"examples keyed\" data-table=\"toy/steps\">\n<thead>"))
        }
    }

    /// The list of what disagrees, above the rows, names a step by its identifying inputs as it names
    /// another row by its id: before, it gave `steps.csv:3` and an amount, without the claim it is of.
    @Test func theListOfWhatDisagreesNamesAStepByItsIdentifyingInputs() async throws {
        try await withTemporaryFolder { folder in
            let text = Self.table + "\nlate claim,resend,,$300.00,$0.00,planted: a resend names no claim"
            _ = ToySpec.write(text, table: "steps", in: folder + "/Tables")
            for (columns, named) in [(["scenario", "action", "claim"], true), ([], false)] {
                let spec = TableSuite("toy", tables: [Self.steps(identifying: columns)])
                _ = await tally(
                    ["report", "--html", folder + "/report"], tables: folder + "/Tables",
                    tableSuites: [spec])
                let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
                let list = try #require(
                    page.components(separatedBy: "<table class=\"failures\">").dropFirst().first?
                        .components(separatedBy: "</table>").first)
                let names = list.matches(of: /<td data-column="row">(.*?)<\/td>/).map { String($0.1) }
                #expect(
                    names
                        == (named
                            ? [
                                "<a href=\"#line-3\">steps.csv:3</a> <span class=\"id\">"
                                    + "scenario late claim, action claim, claim c2</span>",
                                "<a href=\"#line-5\">steps.csv:5</a> <span class=\"id\">scenario late "
                                    + "claim, action resend</span>",
                            ] : ["<a href=\"#line-3\">steps.csv:3</a>", "<a href=\"#line-5\">steps.csv:5</a>"]))
            }
        }
    }

    /// A card sequence names every input of a step: the inputs cell then holds only what is left (a
    /// note), and nothing at all for a row without one, where it showed a fold opening onto the row.
    @Test func aRowWhoseInputsAreAllShownFoldsNothing() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, table: "steps", in: folder + "/Tables")
            let spec = TableSuite("toy", tables: [Self.steps(identifying: ["scenario", "action", "claim", "allowed"])])
            _ = await tally(["report", "--html", folder + "/report"], tables: folder + "/Tables", tableSuites: [spec])
            let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
            let first = try #require(
                page.components(separatedBy: "id=\"line-2\"").dropFirst().first?
                    .components(separatedBy: "</tr>").first)
            #expect(first.hasSuffix("<td data-column=\"inputs\" class=\"inputs blank\"></td>"))
            #expect(page.contains("<summary><span>planted: the patient pays $800.00</span></summary>"))
        }
    }

    /// Every page of Tally's own tables, as `tally report` writes it: a table whose rows have no id
    /// names the inputs that tell its rows apart (a scenario's steps), so that a QA person reading which
    /// rows disagree sees which step, claim and date each verdict is about; the columns are pinned.
    @Test func tallysOwnTablePagesShowWhatIdentifiesEachRow() async throws {
        try await withTemporaryFolder { folder in
            let package = try PackageRootTests.package(in: folder)
            let report = try await WatchedProcess.run(
                ["report", "--html", folder + "/report", "--iterations", "1"],
                in: package, environment: ["TALLY_PLANTED_BUGS": "0"])
            #expect(report.status == 0, "\(report.out)\(report.err)")
            var shown: [String: [String]] = [:]
            for page in try FileManager.default.contentsOfDirectory(atPath: folder + "/report")
            where page.hasPrefix("table-") {
                let html = try String(contentsOfFile: folder + "/report/" + page, encoding: .utf8)
                let binding = try #require(html.firstMatch(of: /data-table="([^"]*)"/)?.1).description
                let head = try #require(html.firstMatch(of: /<thead>(.*?)<\/thead>/)?.1)
                let keys = head.matches(of: /<th scope="col" class="key">([^<]*)<\/th>/).map { String($0.1) }
                let verdicts = head.matches(of: /<th scope="col">/).count - 2
                shown[binding] = keys
                #expect(
                    !keys.isEmpty || verdicts == 0 || html.contains("<span class=\"id\">"),
                    "\(binding): its rows have no id, so its page must show which inputs identify each")
            }
            #expect(
                shown == [
                    "card-authorization/charges": [], "card-authorization/concurrency": [],
                    "card-authorization/sequences": ["scenario", "action", "request", "amount", "hold", "day"],
                    "claims/corrections": ["scenario", "action", "claim", "voids", "date"],
                    "claims/coverage-examples": ["example", "claim", "date"],
                    "claims/plan-limits": [], "claims/plan-visits": [], "claims/plans": [],
                    "claims/plan-years": ["scenario", "action", "claim", "member", "date"], "claims/visits": [],
                    "services/robots": [], "services/todos": [],
                ])
        }
    }

    @Test func aTableWhoseSpecNamesNoneKeepsItsPage() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, table: "steps", in: folder + "/Tables")
            let spec = TableSuite("toy", tables: [Self.steps(identifying: [])])
            _ = await tally(["report", "--html", folder + "/report"], tables: folder + "/Tables", tableSuites: [spec])
            let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
            #expect(!page.contains("class=\"key\""))
            #expect(
                page.contains(
                    "<table class=\"examples\" data-table=\"toy/steps\">\n<colgroup><col style=\"width: 16%\">"))
            #expect(page.contains("<a href=\"#line-3\">steps.csv:3</a>"))
            #expect(
                page.contains(
                    "<summary><span>late claim · claim · c2 · $800.00 · planted: "
                        + "the patient pays $800.00</span></summary>"
                ))
        }
    }

    @Test func aNameThatIsNotAnInputColumnIsAProblemNamingTheSpecAndTheColumn() {
        let misspelt = Self.load(Self.steps(identifying: ["scenario", "claims"]))
        #expect(
            misspelt.problems.map { "\($0.line):\($0.column) \($0.message)" } == [
                "1:0 identifyingRows(by:) of the TableSpec \"steps\" (spec \"toy\") names the column \"claims\", "
                    + "which is not one of its "
                    + "input columns (did you mean \"claim\"?); its input columns: scenario, action, "
                    + "claim, provider, allowed"
            ])
        #expect(misspelt.rows.isEmpty, "no row runs under a spec the page cannot show")
        let output = Self.load(Self.steps(identifying: ["patient pays?"]))
        #expect(
            output.problems.map(\.message) == [
                "identifyingRows(by:) of the TableSpec \"steps\" (spec \"toy\") names the column \"patient pays?\", "
                    + "which is not one of its "
                    + "input columns; its input columns: scenario, action, claim, provider, allowed"
            ])
    }

    /// A column the spec lets a table leave out is shown where a table has it. Before, naming it made
    /// it required: a card sequence without captures was refused for want of an empty `hold` column.
    @Test func anOptionalColumnIsShownWhereATableHasItAndNotRequiredWhereItDoesNot() async throws {
        let spec = TableSuite("toy", tables: [Self.steps(identifying: ["scenario", "provider"])])
        let withProvider = "scenario,action,claim,provider,allowed,patient pays?\nx,claim,c1,dr lee,$5.00,$5.00\n"
        for (text, keys) in [(Self.table, ["scenario"]), (withProvider, ["scenario", "provider"])] {
            try await withTemporaryFolder { folder in
                _ = ToySpec.write(text, table: "steps", in: folder + "/Tables")
                #expect(await tally(["tables", "lint"], tables: folder + "/Tables", tableSuites: [spec]).status == 0)
                _ = await tally(
                    ["report", "--html", folder + "/report"], tables: folder + "/Tables",
                    tableSuites: [spec])
                let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
                #expect(page.matches(of: /<th scope="col" class="key">([^<]*)<\/th>/).map { String($0.1) } == keys)
            }
        }
        // A required column missing is one problem, said once.
        let required = Self.load(
            Self.steps(identifying: ["claim"]), "scenario,action,allowed,patient pays?\nx,claim,$5.00,$5.00\n")
        #expect(required.problems.map(\.message) == ["missing required column \"claim\""])
    }
}
