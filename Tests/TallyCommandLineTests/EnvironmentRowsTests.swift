import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

/// `TALLY_ROWS` and `TALLY_TAGS` select rows on the command line as they do under `swift test`, with
/// the same messages; a `TALLY_` variable Tally does not know is a usage error.
@Suite struct EnvironmentRowsTests {
    static func environment(_ variables: [String: String]) -> [String: String] {
        variables.merging(["TALLY_EXAMPLES": "off"]) { given, _ in given }
    }

    @Test func aLineThatSelectsNothingFailsCheckAsItFailsSwiftTest() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(CommandLineTests.table, in: folder)
            let check = await tally(
                ["check"], tables: folder, environment: Self.environment(["TALLY_ROWS": "toy/charges.csv:999"]))
            #expect(check.status == 2)
            #expect(
                check.err
                    == "tally check: error: TALLY_ROWS=toy/charges.csv:999 selects no row: "
                    + "line 999 of \(path) is past the end: "
                    + "the file has 4 lines; nearest row: 4 (wrong)")
            let swiftTest = RequirementTables.rows(
                of: [ToySpec.chargesOnly], in: folder, environment: ["TALLY_ROWS": "toy/charges.csv:999"])
            #expect(
                swiftTest.first?.problems.map(\.message) == [String(check.err.dropFirst("tally check: error: ".count))])
        }
    }

    @Test func rowsAndTagsSelectTheSameRowsAsUnderSwiftTest() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(CommandLineTests.table, in: folder)
            let one = await tally(
                ["tables", "run"], tables: folder, environment: Self.environment(["TALLY_ROWS": "toy/charges.csv:3"]))
            #expect(one.status == 0)
            #expect(one.out.hasSuffix("Rows: 1 passed, 0 failed"))
            let tagged = await tally(["check"], tables: folder, environment: Self.environment(["TALLY_TAGS": "edge"]))
            #expect(tagged.status == 0, "the failing row 4 has no tag: \(tagged.out)")
            #expect(tagged.out.contains("  ✔ \(path)  2 rows run, 1 skipped (1 not selected)"))
            let both = await tally(
                ["tables", "run", "--tag", "edge"], tables: folder,
                environment: Self.environment(["TALLY_TAGS": "nosuch"]))
            #expect(both.status == 2)
            #expect(
                both.err
                    == "tally tables run: error: TALLY_TAGS=nosuch selects no row: no row has the tag \"nosuch\"; "
                    + "tags in use, nearest first: edge"
            )
            let table = await tally(
                ["tables", "lint"], tables: folder, environment: Self.environment(["TALLY_ROWS": "toy/charge.csv"]))
            #expect(table.status == 2)
            #expect(
                table.err
                    == "tally tables lint: error: TALLY_ROWS=toy/charge.csv selects no table: no table under \(folder) "
                    + "matches \"toy/charge.csv\"; nearest: toy/charges.csv"
            )
        }
    }

    @Test func checkRunsTheRowsAskedForEvenWithAPropertyNamed() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let evens = Property("doubles are even", Gen.int(in: 0...1000)) { n in try ensure((n * 2) % 2 == 0, "even")
            }
            let result = await tally(
                ["check", "--property", "doubles are even"], tables: folder, properties: [evens],
                environment: Self.environment(["TALLY_ROWS": "toy/charges.csv:4"]))
            #expect(result.status == 1, "row 4 fails")
            #expect(result.out.contains("Rows: 0 passed, 1 failed"))
        }
    }

    @Test func anUnknownVariableIsAUsageError() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let result = await tally(
                ["tables", "run"], tables: folder, environment: Self.environment(["TALLY_RWS": "toy/charges.csv:3"]))
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(
                result.err
                    == "tally tables run: error: TALLY_RWS=\"toy/charges.csv:3\": Tally has no such variable; "
                    + "did you mean TALLY_ROWS?"
            )
        }
    }
}
