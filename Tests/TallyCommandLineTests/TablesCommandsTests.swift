import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

@testable import TallyCommandLine

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `tally tables run`, `tables lint` and the tables half of `tally check`: nothing passes silently,
/// every failure points at `file:line`, and odd bytes in a table cannot break what Tally writes.
@Suite struct TablesCommandsTests {
    @Test func aSelectorThatSelectsNothingExitsTwoNamingTheNearest() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(CommandLineTests.table, in: folder)
            let line = await tally(["tables", "run", "\(path):999"], tables: folder)
            #expect(line.status == 2)
            #expect(
                line.err
                    == "tally tables run: error: \(path):999 selects no row: line 999 of \(path) is past the end: "
                    + "the file has 4 lines; nearest row: 4 (wrong)"
            )
            #expect(
                line.out.hasSuffix(
                    "– \(path)  0 rows run, 3 skipped (3 not selected), "
                        + "0 expected cells compared\nRows: 0 passed, 0 failed"
                ))
            let file = await tally(
                ["tables", "run", path.replacingOccurrences(of: "charges", with: "charge")], tables: folder)
            #expect(file.status == 2)
            #expect(file.err.hasSuffix("charge.csv: no such table or folder of .csv tables; nearest: \(path)"))
            // A folder's typo, or its name cut short, names the folder, not one of its tables.
            let toy = (path as NSString).deletingLastPathComponent
            for typed in [String(toy.dropLast()), toy + "s"] {
                let folder = await tally(["tables", "run", typed], tables: folder)
                #expect(folder.err.hasSuffix("\(typed): no such table or folder of .csv tables; nearest: \(toy)"))
            }
            let tag = await tally(["tables", "run", "--tag", "nosuch"], tables: folder)
            #expect(tag.status == 2)
            #expect(
                tag.err
                    == "tally tables run: error: --tag nosuch selects no row: no row has the tag \"nosuch\"; "
                    + "tags in use, nearest first: edge"
            )
        }
    }

    @Test func aTableMissingAnExpectedColumnFailsTheRun() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write("available,charge,available after?\n$5,$1,$4.00\n", in: folder)
            let result = await tally(["tables", "run"], tables: folder)
            #expect(result.status == 1)
            #expect(
                result.out == """
                    ✘ \(path)  1 problem; 0 rows run, 0 skipped, 0 expected cells compared
                      ✘ \(path):1: missing expected column "approved?": the spec checks it on every row, \
                    so the table must have it
                    Rows: 0 passed, 0 failed, problems in 1 table
                    """)
        }
    }

    @Test func checkListsRowsRunSkippedAndCellsComparedPerTable() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(
                "id,available,charge,approved?,status\nok,$5.00,$1.00,yes,\nknown,$5.00,$9.00,yes,pending\n"
                    + "wrong,$5.00,$9.00,yes,\n",
                in: folder)
            let result = await tally(["check"], tables: folder)
            #expect(result.status == 1)
            #expect(
                result.out.hasPrefix(
                    """
                    Tables
                      ✘ \(path)  1 failed; 2 rows run, 1 skipped (1 pending), 2 expected cells compared
                        ✘ \(path):4  wrong
                            approved?: expected yes, actual no
                            inputs: available $5.00, charge $9.00

                    Properties
                    """))
        }
    }

    @Test func lintShowsTwentyProblemsPerTableThenHowManyMore() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(
                "available,charge,approved?\n" + String(repeating: "x,y,z\n", count: 12), in: folder)
            let result = await tally(["tables", "lint"], tables: folder)
            let lines = result.out.split(separator: "\n")
            #expect(lines.count == 22)
            #expect(lines[20] == "\(path): and 16 more problems: fix these, then check the table again")
            #expect(lines[21] == "Tables: 0 passed, 1 failed (12 rows, 36 problems)")
            let run = await tally(["tables", "run"], tables: folder)
            #expect(run.out.split(separator: "\n").filter { $0.hasPrefix("      \(path):") }.count == 20)
            #expect(run.out.contains("  ✘ \(path): and 16 more problems: fix these, then check the table again\n"))
        }
    }

    @Test func controlCharactersInCellsCannotBreakTheJUnitReportOrTheTerminal() async throws {
        try await withTemporaryFolder { folder in
            let path = ToySpec.write("id,available,charge,approved?\nbell\u{7} <&>,$1.00,$2.00,yes\n", in: folder)
            let report = NSTemporaryDirectory() + "tally-report-\(UUID().uuidString).xml"
            defer { try? FileManager.default.removeItem(atPath: report) }
            let result = await tally(["tables", "run", "--report", report], tables: folder)
            #expect(result.status == 1)
            #expect(result.out.contains("  ✘ \(path):2  bell\\u{7} <&>\n"))
            #expect(!result.out.contains("\u{7}"))
            let xml = try Data(contentsOf: URL(fileURLWithPath: report))
            let parser = XMLParser(data: xml)
            #expect(parser.parse(), "the JUnit report is not well-formed XML: \(String(decoding: xml, as: UTF8.self))")
            #expect("a\u{1B}b\r\n<\"'>&".xmlEscaped == "a\\u{1B}b&#13;\n&lt;&quot;&apos;&gt;&amp;")
            #expect(MarkdownText.cell("a|b\nc\u{1B}") == "a\\|b<br>c\\u{1B}")
            #expect(MarkdownText.codeSpan("x`y") == "`` x`y ``")
        }
    }
}
