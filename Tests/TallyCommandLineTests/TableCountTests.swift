import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// A table's problems are counted in one place (`TableRunning.TableCount`): `tables lint`'s total, the
/// problems it lists, `tables run`'s line for the table and the table read all at once must agree.
@Suite struct TableCountTests {
    /// Problems of the table itself (a cell under no header) and of its rows (a bad cell, two bad
    /// cells in one row, an id used twice), beside a row without any.
    static let mixed = """
        id,available,charge,approved?
        fine,$5.00,$1.00,yes
        bad charge,$5.00,five,yes
        two bad,lots,five,yes
        fine,$5.00,$1.00,yes,stray
        """

    /// More problems than are shown (``ProblemCap/perFile``): the count covers the ones withheld.
    static let many =
        "id,available,charge,approved?\n"
        + (1...30).map { "row \($0),$5.00,x\($0),yes" }.joined(separator: "\n")

    @Test(arguments: [mixed, many])
    func lintCountsEveryProblemItListsAndTheTableHolds(_ text: String) async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(text, in: folder)
            let table = LoadedTable.load(path: path, suites: [ToySpec.chargesOnly])
            let rowsWithProblems = table.rows.filter { !$0.problems.isEmpty }.count
            #expect(!table.tableProblems.isEmpty || table.problems.count > 20, "the table tests what it is meant to")
            #expect(rowsWithProblems > 0)

            let lint = await tally(["tables", "lint", path], tables: folder)
            #expect(lint.status == 1)
            let total = table.problems.count
            #expect(lint.out.hasSuffix("(\(table.rows.count) rows, \(total) problems)"))
            // What is listed, and how many more there are, add up to the count.
            let lines = lint.out.split(separator: "\n")
            let listed = lines.filter { $0.hasPrefix(path + ":") && !$0.contains("more problem") }.count
            let withheld = lint.out.firstMatch(of: /and (\d+) more problem/).flatMap { Int($0.1) } ?? 0
            #expect(listed + withheld == total)

            // `tables run` splits the same count: rows that fail for their problems, and the table's own.
            let run = await tally(["tables", "run", path], tables: folder)
            let own = table.tableProblems.count
            let split = [(rowsWithProblems, "failed"), (own, own == 1 ? "problem" : "problems")].filter { $0.0 > 0 }
            #expect(run.out.hasPrefix("✘ \(path)  " + split.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ";"))
        }
    }
}
