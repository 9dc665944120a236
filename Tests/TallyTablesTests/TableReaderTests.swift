import Foundation
import TallyTestSupport
import Testing

@testable import TallyTables

@Suite struct TableReaderTests {
    @Test func aMissingExpectedColumnFailsUnlessTheSpecDeclaresItOptional() async {
        let withoutApproved = ToySpec.load("available,charge,available after?\n$5,$1,$4.00\n")
        #expect(
            withoutApproved.problems.map(\.description) == [
                "\(withoutApproved.path):1: missing expected column \"approved?\": the spec checks it on every row, "
                    + "so the table must have it"
            ])
        #expect(withoutApproved.rows.isEmpty)
        #expect(await withoutApproved.testRows[0].run().verdict == .invalid)
        // `available after?` is declared `required: false` in ToySpec.
        #expect(ToySpec.load("available,charge,approved?\n$5,$1,yes\n").problems.isEmpty)
    }

    @Test func duplicateIdsNameBothLines() async {
        let table = ToySpec.load("id,available,charge,approved?\nsame,$1,$1,yes\nother,$1,$1,yes\nsame,$2,$1,yes\n")
        #expect(
            table.problems.map(\.description) == [
                "\(table.path):4:1: id \"same\" is also the id of the row at line 2: give each row its own id"
            ])
        #expect(await runAll(table.rows).map(\.verdict) == [.passed, .passed, .invalid])
    }

    @Test func trailingColumnsWithoutAHeaderAreIgnoredWhileTheirCellsAreEmpty() {
        let blank = ToySpec.load("available,charge,approved?,,\n$1,$1,yes,,\n$2,$1,yes,,\n")
        #expect(blank.problems.isEmpty)
        #expect(blank.rows.count == 2)
        let filled = ToySpec.load("available,charge,approved?,,\n$1,$1,yes,,\n$2,$1,yes,,x\n$3,$1,yes,y,z\n")
        #expect(
            filled.problems.map(\.description) == [
                "\(filled.path):3:12: column E has no header, but this cell holds \"x\": "
                    + "name the column, or clear its cells",
                "\(filled.path):4:11: column D has no header, but this cell holds \"y\": "
                    + "name the column, or clear its cells",
            ])
        let inside = ToySpec.load("available,,charge,approved?\n$1,,$1,yes\n")
        #expect(
            inside.problems.map(\.description) == [
                "\(inside.path):1:11: column B has no header: name it, or delete the column"
            ])
        #expect([0, 25, 26, 27, 701, 702].map(HeaderBinder.letter(ofColumn:)) == ["A", "Z", "AA", "AB", "ZZ", "AAA"])
    }

    @Test func aTableWhoseEveryRowIsPendingChecksNothingAndFails() {
        let table = ToySpec.load("available,charge,approved?,status\n$1,$2,yes,pending\n$1,$3,yes,pending\n")
        #expect(
            table.problems.map(\.message) == [
                "every row is pending, so the table checks nothing: make a row pass and clear its status"
            ])
        #expect(ToySpec.load("available,charge,approved?,status\n$1,$2,yes,pending\n$1,$1,yes,\n").problems.isEmpty)
    }

    @Test func anImpossibleDateSaysThatDayDoesNotExist() {
        let spec = TableSpec("dates", columns: [.input("on", .date), .output("ok?", .boolean)]) { _ in
            ["ok?": .boolean(true)]
        }
        withTemporaryFolder { root in
            try? FileManager.default.createDirectory(atPath: root + "/dates", withIntermediateDirectories: true)
            let path = root + "/dates/dates.csv"
            _ = FileManager.default.createFile(
                atPath: path,
                contents: Data("on,ok?\n2026-02-30,yes\n2024-02-29,yes\n2026-13-01,yes\n26-02-01,yes\n".utf8))
            #expect(
                LoadedTable.load(path: path, suites: [TableSuite("dates", tables: [spec])]).problems.map(\.description)
                    == [
                        "\(path):2:1: column \"on\" (cell A2): \"2026-02-30\" does not exist: "
                            + "February 2026 has no day 30, it has 28 days",
                        "\(path):4:1: column \"on\" (cell A4): \"2026-13-01\" does not exist: there is no month 13; "
                            + "expected a date as YYYY-MM-DD",
                        "\(path):5:1: column \"on\" (cell A5): \"26-02-01\" is not valid; "
                            + "expected a date as YYYY-MM-DD",
                    ])
        }
    }

    @Test func atMostTwentyProblemsOfATableAreShownThenHowManyMore() {
        let table = ToySpec.load("available,charge,approved?\n" + String(repeating: "1,2,3,4\n", count: 30))
        #expect(table.tableProblems.count == 30)
        let shown = table.testRows[0].problems
        #expect(shown.count == 21)
        #expect(shown.last?.description == "\(table.path): and 10 more problems: fix these, then check the table again")
    }

    @Test func rowsAndProblemsComeOneAtATimeInFileOrder() {
        withTemporaryFolder { folder in
            let path = ToySpec.write(
                "id,available,charge,approved?\na,$1,$1,yes\nb,$1,\"$2\"x,no\n\"c\nd\",$3,$1,yes\n", in: folder)
            var reader = TableReader(path: path, suites: [ToySpec.suite])
            var seen: [String] = []
            while let entry = reader.next() {
                switch entry {
                case .row(let row): seen.append("row \(row.line)-\(row.endLine) spreadsheet row \(row.row)")
                case .problem(let problem): seen.append(problem.description)
                }
            }
            #expect(
                seen == [
                    "row 2-2 spreadsheet row 2",
                    "\(path):3:10: unexpected text after a closing quote: "
                        + "the quote opened at column 6 closes at column 9, and a delimiter or the end of the line was "
                        + "expected after it; if that cell should end sooner, its closing quote is missing; "
                        + "a quote inside a quoted cell is written twice (\"\")",
                    "row 4-5 spreadsheet row 4",
                ])
        }
    }

    @Test func aRowAfterACellSpanningLinesIsNamedByLineAndSpreadsheetRow() {
        let table = ToySpec.load("id,available,charge,approved?\n\"two\nlines\",$1,$1,yes\nnext,$1,x,yes\n")
        #expect(table.rows[1].name == "next (\(table.path):4, spreadsheet row 3)")
        #expect(
            table.problems.map(\.description) == [
                "\(table.path):4:9: column \"charge\" (cell C3): \"x\" is not valid; "
                    + "expected an amount such as $1,234.56, 1234.56 or 1234 (at most two decimals) (spreadsheet row 3)"
            ])
        #expect(table.rows[0].name == "two\\nlines (\(table.path):2)")
    }

    /// Given the bytes it is about to write (`tally promote`), a table is read from them, not from its
    /// file, which need not exist yet: its rows, lines and problems are those of the bytes.
    @Test func aTableGivenItsContentsReadsThemNotItsFile() {
        let path = "/nonexistent folder/Tables/toy/charges.csv"
        let table = LoadedTable.load(
            path: path, contents: Array("available,charge,approved?\n$5,$1,yes\n$1,$5,maybe\n".utf8),
            suites: [ToySpec.suite])
        #expect(table.rows.map(\.line) == [2, 3])
        #expect(table.tableProblems.isEmpty)
        #expect(table.problems.map(\.line) == [3], "\(table.problems)")
        #expect(!LoadedTable.load(path: path, suites: [ToySpec.suite]).tableProblems.isEmpty)
    }
}
