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
        TableSpec("steps", columns: [
            .input("scenario", .text), .input("action", .text), .input("claim", .text.optional),
            .input("provider", .text.optional, required: false), .input("allowed", .money), .output("patient pays?", .money),
        ], scenarioColumn: "scenario") { row in ["patient pays?": .money(try row.money("allowed"))] }
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
            LoadedTable.load(path: ToySpec.write(text, table: "steps", in: folder), suites: [TableSuite("toy", tables: [spec])])
        }
    }

    @Test func theNamedColumnsStandBetweenTheRowAndItsVerdictsAndLeaveTheFoldedInputs() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, table: "steps", in: folder + "/Tables")
            let spec = TableSuite("toy", tables: [Self.steps(identifying: ["scenario", "action", "claim"])])
            let result = await tally(["report", "--html", folder + "/report"], tables: folder + "/Tables", tableSuites: [spec])
            #expect(result.status == 1)
            let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
            #expect(page.contains("<thead><tr><th scope=\"col\">row</th><th scope=\"col\" class=\"key\">scenario</th>"
                + "<th scope=\"col\" class=\"key\">action</th><th scope=\"col\" class=\"key\">claim</th><th scope=\"col\">patient pays?</th>"))
            let planted = try #require(page.components(separatedBy: "id=\"line-3\"").dropFirst().first?.components(separatedBy: "</tr>").first)
            #expect(planted.contains("<a href=\"#line-3\">line 3</a>"), "the file is the page's: the row's name is its line")
            #expect(planted.contains("</td><td data-column=\"scenario\" class=\"key short\">late claim</td><td data-column=\"action\" class=\"key short\">claim</td>"
                + "<td data-column=\"claim\" class=\"key short\">c2</td><td data-column=\"patient pays?\" class=\"expected fail short\">"))
            // Shown in their own columns, they leave the folded line; the opened list still holds every input.
            #expect(planted.contains("<summary><span>$800.00 · planted: the patient pays $800.00</span></summary>"))
            #expect(planted.contains("<dt>claim</dt><dd>c2</dd>"))
            // An empty one is left out of a phone's card, as an empty expected cell is.
            #expect(page.contains("<td data-column=\"claim\" class=\"key short blank\"></td>"))
            // Sized by their content, so that no amount or date breaks inside.
            #expect(page.contains("<table class=\"examples keyed\" data-table=\"toy/steps\">\n<thead>"))
        }
    }

    @Test func aTableWhoseSpecNamesNoneKeepsItsPage() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, table: "steps", in: folder + "/Tables")
            let spec = TableSuite("toy", tables: [Self.steps(identifying: [])])
            _ = await tally(["report", "--html", folder + "/report"], tables: folder + "/Tables", tableSuites: [spec])
            let page = try String(contentsOfFile: folder + "/report/table-toy-steps.html", encoding: .utf8)
            #expect(!page.contains("class=\"key\""))
            #expect(page.contains("<table class=\"examples\" data-table=\"toy/steps\">\n<colgroup><col style=\"width: 16%\">"))
            #expect(page.contains("<a href=\"#line-3\">steps.csv:3</a>"))
            #expect(page.contains("<summary><span>late claim · claim · c2 · $800.00 · planted: the patient pays $800.00</span></summary>"))
        }
    }

    @Test func aNameThatIsNotAnInputColumnIsAProblemNamingTheSpecAndTheColumn() {
        let misspelt = Self.load(Self.steps(identifying: ["scenario", "claims"]))
        #expect(misspelt.problems.map { "\($0.line):\($0.column) \($0.message)" } == [
            "1:0 identifyingRows(by:) of the TableSpec \"steps\" (spec \"toy\") names the column \"claims\", which is not one of its "
                + "input columns (did you mean \"claim\"?); its input columns: scenario, action, claim, provider, allowed",
        ])
        #expect(misspelt.rows.isEmpty, "no row runs under a spec the page cannot show")
        let output = Self.load(Self.steps(identifying: ["patient pays?"]))
        #expect(output.problems.map(\.message) == [
            "identifyingRows(by:) of the TableSpec \"steps\" (spec \"toy\") names the column \"patient pays?\", which is not one of its "
                + "input columns; its input columns: scenario, action, claim, provider, allowed",
        ])
    }

    @Test func anOptionalColumnTheTableLeavesOutIsAProblemAndAPresentOneIsNot() {
        let absent = Self.load(Self.steps(identifying: ["provider"]))
        #expect(absent.problems.map(\.message) == [
            "missing column \"provider\": identifyingRows(by:) of the TableSpec \"steps\" (spec \"toy\") shows it beside each row's verdicts, "
                + "so the table must have it",
        ])
        let present = Self.load(Self.steps(identifying: ["provider"]), "scenario,action,claim,provider,allowed,patient pays?\nx,claim,c1,dr lee,$5.00,$5.00\n")
        #expect(present.problems.isEmpty)
        // A required column missing is one problem, said once.
        let required = Self.load(Self.steps(identifying: ["claim"]), "scenario,action,allowed,patient pays?\nx,claim,$5.00,$5.00\n")
        #expect(required.problems.map(\.message) == ["missing required column \"claim\""])
    }
}
