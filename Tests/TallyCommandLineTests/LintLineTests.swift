import TallyTestSupport
import Testing

/// `tally tables lint FILE:LINE` lints the row on that line, as `tally tables run FILE:LINE` runs it,
/// with what is wrong with the whole table; a line that holds no row is an error.
@Suite struct LintLineTests {
    static let table = """
        id,available,charge,approved?
        fine,$5.00,$1.00,yes
        bad charge,$5.00,five,yes
        bad available,lots,$1.00,yes
        """

    @Test func lintOfALineShowsOnlyThatRowsProblems() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            let fine = await tally(["tables", "lint", "\(path):2"], tables: folder)
            #expect(fine.status == 0)
            #expect(fine.out == "Tables: 1 passed, 0 failed (1 row, 0 problems)")
            let bad = await tally(["tables", "lint", "\(path):3"], tables: folder)
            #expect(bad.status == 1)
            #expect(bad.out.hasPrefix("\(path):3:"))
            #expect(!bad.out.contains("\(path):4:"), "the problem of another row is not shown")
            #expect(bad.out.hasSuffix("Tables: 0 passed, 1 failed (1 row, 1 problem)"))
            let whole = await tally(["tables", "lint", path], tables: folder)
            #expect(whole.out.hasSuffix("Tables: 0 passed, 1 failed (3 rows, 2 problems)"))
        }
    }

    @Test func aLineThatHoldsNoRowIsAnErrorNamingTheNearestRows() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            let past = await tally(["tables", "lint", "\(path):99"], tables: folder)
            #expect(past.status == 2)
            #expect(
                past.err
                    == "tally tables lint: error: \(path):99 selects no row: line 99 of \(path) is past the end: "
                    + "the file has 4 lines; nearest row: 4 (bad available)"
            )
            let header = await tally(["tables", "lint", "\(path):1"], tables: folder)
            #expect(header.status == 2)
            #expect(
                header.err.hasPrefix(
                    "tally tables lint: error: \(path):1 selects no row: line 1 of \(path) is the header"))
        }
    }

    @Test func aProblemOfTheWholeTableIsShownWhateverLineIsLinted() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write("available,charge,aproved?\n$5,$1,yes\n", in: folder)
            let result = await tally(["tables", "lint", "\(path):2"], tables: folder)
            #expect(result.out.hasPrefix("\(path):1:18: unknown column \"aproved?\""))
            // No row can be read below a broken header: the header's problem is the one message. Before,
            // the line was also an error of its own (it selected no row), exit 2.
            #expect(result.status == 1 && result.err.isEmpty, "\(result.err)")
        }
    }
}
