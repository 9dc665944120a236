import Tally
import TallyTestSupport
import Testing

@testable import TallyTables

@Suite struct TableBindingTests {
    @Test func passingAndFailingRowsShowEveryMismatchingCell() async throws {
        let table = ToySpec.load(
            """
            id,available,pending,charge,approved?,available after?,note
            article 1,$50.00,,$51.00,no,$50.00,the article's first example
            article 2,$50.00,,$49.00,yes,$1.00,
            wrong,$50.00,$25.00,$49.00,yes,$1.00,both outputs are wrong
            """)
        #expect(table.problems.isEmpty)
        let results = await runAll(table.rows)
        #expect(results.map(\.verdict) == [.passed, .passed, .failed])
        #expect(
            results[2].mismatches.map(\.description) == [
                "approved?: expected yes, actual no",
                "available after?: expected $1.00, actual $25.00",
            ])
        #expect(
            results[2].message == """
                wrong (\(table.path):4) failed:
                  approved?: expected yes, actual no
                  available after?: expected $1.00, actual $25.00
                  inputs: available $50.00, pending $25.00, charge $49.00
                """)
    }

    /// Before, a spec column named "status" took the place of Tally's own: the card charges table could
    /// not mark a row pending, and nothing said so.
    @Test func aSpecColumnNamedLikeTallysOwnIsAProblemOfEveryTableOfIt() {
        let shadowing = TableSpec("accounts", columns: [.input("status", .text), .output("open?", .boolean)]) { _ in [:]
        }
        let table = withTemporaryFolder { folder in
            LoadedTable.load(
                path: ToySpec.write("status,open?\nfrozen,no\n", table: "accounts", in: folder),
                suites: [TableSuite("toy", tables: [shadowing])])
        }
        #expect(
            table.problems.map(\.message) == [
                "the spec's column \"status\" has the name of Tally's own status column (pending or review); "
                    + "rename it in the spec's TableSpec \"accounts\""
            ])
    }

    /// One mistake, one message: before, the column the misspelt one was meant to be was also
    /// reported missing.
    @Test func unknownColumnNamesItselfSuggestsAndListsTheKnownOnes() async {
        let table = ToySpec.load("available,charge,aproved?\n$1,$1,yes\n")
        #expect(table.rows.isEmpty)
        #expect(
            table.problems.map(\.description) == [
                "\(table.path):1:18: unknown column \"aproved?\" in spreadsheet column C (did you mean "
                    + "\"approved?\"?); known columns: available, pending, charge, approved?, "
                    + "available after?, id, note, tags, status"
            ])
        #expect(table.testRows.count == 1)
        #expect(await table.testRows[0].run().verdict == .invalid)
    }

    @Test func missingRequiredAndDuplicateColumnsFail() async {
        let table = ToySpec.load("available,approved?,available\n$1,yes,$2\n")
        #expect(
            table.problems.map(\.description) == [
                "\(table.path):1: missing required column \"charge\"",
                "\(table.path):1:21: column \"available\" appears twice: spreadsheet columns A and C",
            ])
    }

    @Test func everyBadCellIsReportedWithItsLineAndColumn() async {
        let table = ToySpec.load("available,charge,approved?,status\n12.345,abc,maybe,soon\n$5,,yes,\n")
        #expect(
            table.problems.map(\.description) == [
                "\(table.path):2:1: column \"available\" (cell A2): \"12.345\" is not valid; "
                    + "expected an amount such as $1,234.56, 1234.56 or 1234 (at most two decimals)",
                "\(table.path):2:8: column \"charge\" (cell B2): \"abc\" is not valid; "
                    + "expected an amount such as $1,234.56, 1234.56 or 1234 (at most two decimals)",
                "\(table.path):2:12: column \"approved?\" (cell C2): \"maybe\" is not valid; "
                    + "expected yes, no, true or false",
                "\(table.path):2:18: status (cell D2) \"soon\" is not known: expected an empty cell, pending or review",
                "\(table.path):3:4: column \"charge\" (cell B3): the cell is empty; "
                    + "expected an amount such as $1,234.56, 1234.56 or 1234 (at most two decimals)",
            ])
        #expect(await runAll(table.rows).allSatisfy { $0.verdict == .invalid })
    }

    @Test func emptyExpectedCellFailsAndShowsTheValueToPasteIn() async {
        let table = ToySpec.load("available,charge,approved?,available after?\n$50,$20,yes,\n")
        let result = await table.rows[0].run()
        #expect(result.verdict == .failed)
        #expect(
            result.mismatches.map(\.description) == [
                "available after?: expected cell is empty, actual $30.00 (paste $30.00 into the cell)"
            ])
    }

    @Test func pendingRowsRunAsKnownIssuesAndReportWhenTheyPass() async {
        let table = ToySpec.load("available,charge,approved?,status\n$50,$51,yes,pending\n$50,$49,yes,pending\n")
        #expect(await runAll(table.rows).map(\.verdict) == [.knownIssue, .unexpectedPass])
        #expect(await table.rows[1].run().message.hasSuffix("is marked pending but passes now: clear its status cell"))
    }

    @Test func emptyTableAndHeaderOnlyTableFail() async {
        #expect(
            ToySpec.load("").problems.map(\.message) == [
                "the table is empty: expected a header line naming its columns"
            ])
        #expect(
            ToySpec.load("available,charge,approved?\n").problems.map(\.message) == [
                "the table has no rows: add at least one example below the header"
            ])
    }

    @Test func unknownSpecOrTableIsNamed() async {
        withTemporaryFolder { folder in
            let path = ToySpec.write("a\n1\n", table: "refunds", in: folder)
            #expect(
                LoadedTable.load(path: path, suites: [ToySpec.suite]).problems.map(\.message) == [
                    "spec \"toy\" has no table \"refunds\"; its tables: charges, deposits"
                ])
            #expect(
                LoadedTable.load(path: path, binding: "cards/charges", suites: [ToySpec.suite]).problems.map(\.message)
                    == ["no spec is named \"cards\"; known specs: toy"])
            #expect(
                LoadedTable.load(path: path, binding: "toy/charges", suites: [ToySpec.suite]).problems.map(\.message)
                    == [
                        "missing required column \"available\"", "missing required column \"charge\"",
                        "missing expected column \"approved?\": the spec checks it on every row, "
                            + "so the table must have it",
                        "unknown column \"a\" in spreadsheet column A; known columns: available, pending, charge, "
                            + "approved?, available after?, id, note, tags, status",
                    ])
        }
    }

    @Test func scenarioRowsSeeTheirEarlierSteps() async {
        let table = ToySpec.load(
            "scenario,deposit,balance?\na,$5,$5\nb,$1,$1\na,$7,$12\na,x,$0\na,$1,$13\n", table: "deposits")
        #expect(await runAll(table.rows).map(\.verdict) == [.passed, .passed, .passed, .invalid, .invalid])
        #expect(
            table.rows[4].problems.map(\.message) == [
                "scenario \"a\" cannot continue: its step at line 5 has a problem"
            ])
    }

    @Test func rowsAreSelectedByLocationAndTag() async {
        let table = ToySpec.load("available,charge,approved?,tags\n$1,$1,yes,edge\n$2,$1,yes,\n$3,$9,no,edge oop\n")
        let rows = table.rows
        #expect(rows.filter(RowSelection(environment: ["TALLY_ROWS": "toy/charges.csv:3"]).selects).map(\.line) == [3])
        #expect(rows.filter(RowSelection(environment: ["TALLY_TAGS": "oop"]).selects).map(\.line) == [4])
        #expect(
            rows.filter(RowSelection(environment: ["TALLY_TAGS": "edge", "TALLY_ROWS": "toy/charges.csv"]).selects).map(
                \.line) == [2, 4])
        #expect(rows.filter(RowSelection(environment: [:]).selects).count == 3)
    }

    @Test func rowsDescribeThemselvesAndPointAtTheirCSVLine() async {
        let table = ToySpec.load("id,available,charge,approved?\nfirst,$1,$1,yes\n,$1,$2,no\n")
        #expect(table.rows[0].testDescription == "first (\(table.path):2)")
        #expect(table.rows[1].testDescription == "\(table.path):3")
        #expect(table.rows[1].sourceLocation.fileID == "toy/charges.csv")
        #expect(table.rows[1].sourceLocation.line == 3)
    }
}

@Suite struct CellKindTests {
    @Test(arguments: [
        ("1234", 123_400), ("1234.5", 123_450), ("1234.56", 123_456), ("$1,234.56", 123_456), ("-$5.00", -500),
        ("$-5.00", -500), ("($5.00)", -500), ("0", 0), (" $12 ", 1200), ("1,000,000", 100_000_000),
    ])
    func moneyForms(text: String, cents: Int) {
        #expect(CellKind.money.parse(text) == .money(cents))
    }

    @Test(arguments: ["12.345", "1,23", "$", "", "abc", "1.2.3", "--5", "12,3456", "99999999999999"])
    func badMoney(text: String) {
        #expect(CellKind.money.parse(text) == nil)
    }

    @Test func moneyFormatsWithSeparators() async {
        #expect(MoneyText.format(123_456) == "$1,234.56")
        #expect(MoneyText.format(-500) == "-$5.00")
        #expect(MoneyText.format(5) == "$0.05")
        #expect(MoneyText.format(100_000_000) == "$1,000,000.00")
    }

    @Test func percentsBooleansDatesAndNames() async {
        #expect(CellKind.percent.parse("20%") == .percent(2000))
        #expect(CellKind.percent.parse("12.5%") == .percent(1250))
        #expect(CellKind.percent.parse("20") == nil)
        #expect(CellKind.percent.format(.percent(1250)) == "12.5%")
        #expect(CellKind.percent.format(.percent(2000)) == "20%")
        #expect(CellKind.percent.format(.percent(5)) == "0.05%")
        #expect(CellKind.boolean.parse("YES") == .boolean(true))
        #expect(CellKind.boolean.parse("False") == .boolean(false))
        #expect(CellKind.boolean.parse("y") == nil)
        #expect(CellKind.date.parse("2026-02-28") == .date(CalendarDate(year: 2026, month: 2, day: 28)!))
        #expect(CellKind.date.parse("2026-02-30") == nil)
        #expect(CellKind.date.parse("28/02/2026") == nil)
        #expect(CellKind.oneOf(["in network", "out of network"]).parse("In Network") == .text("in network"))
        #expect(CellKind.oneOf(["a"]).parse("b") == nil)
        #expect(CellKind.integer.optional.parse("") == .empty)
        #expect(CellKind.integer.parse("") == nil)
    }

    @Test func moneyRoundTripsThroughItsFormat() async {
        await forAll(Gen.int(in: -99_999_999_999...99_999_999_999)) { cents in
            #expect(MoneyText.parse(MoneyText.format(cents)) == cents)
        }
    }
}

/// Runs every row, in order.
func runAll(_ rows: [TableRow]) async -> [RowResult] {
    var results: [RowResult] = []
    for row in rows { results.append(await row.run()) }
    return results
}
