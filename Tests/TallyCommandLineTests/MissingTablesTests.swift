import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

/// A table a spec declares that has no file fails `swift test`, `tally check`, `tally tables run` and
/// `tally tables lint` alike, with one message; naming tables or rows runs only those.
@Suite struct MissingTablesTests {
    static let charges = "id,available,charge,approved?\nexact,$5.00,$5.00,yes\n"

    @Test func everyWayOfRunningAllTablesFailsWithTheSameMessage() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.charges, in: folder)
            let message = "spec \"toy\" declares the table \"deposits\", but \(folder)/toy/deposits.csv does not exist"
            let rows = RequirementTables.rows(of: [ToySpec.suite], in: folder, environment: [:])
            #expect(rows.filter(\.standsForProblems).flatMap(\.problems).map(\.message) == [message])

            let check = await tally(["check"], tables: folder, tableSuites: [ToySpec.suite])
            #expect(check.status == 1)
            #expect(
                check.out.hasPrefix(
                    "Tables\n  ✔ \(path)  1 row run, 0 skipped, 1 expected cell compared\n  ✘ \(message)\n"))
            #expect(
                check.out.hasSuffix(
                    "Rows: 1 passed, 0 failed, 1 table missing\nProperties: 0 passed, "
                        + "0 failed\nCheck: 1 passed, 1 failed"
                ))
            let holds = Property("holds", Gen.int(in: 0...9)) { _ in }
            let spec = await tally(
                ["check", "--spec", "toy"], tables: folder, properties: [holds], tableSuites: [ToySpec.suite])
            #expect(spec.status == 1 && spec.out.contains("  ✘ \(message)\n"))

            let run = await tally(["tables", "run"], tables: folder, tableSuites: [ToySpec.suite])
            #expect(run.status == 1)
            #expect(run.out.hasSuffix("✘ \(message)\nRows: 1 passed, 0 failed, 1 table missing"))

            let lint = await tally(["tables", "lint"], tables: folder, tableSuites: [ToySpec.suite])
            #expect(lint.status == 1)
            #expect(lint.out == "\(message)\nTables: 1 passed, 0 failed, 1 missing (1 row, 0 problems)")
        }
    }

    @Test func theMissingTableIsAFailingRowOfTheReports() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.charges, in: folder)
            let junit = folder + "/report.xml"
            let run = await tally(["tables", "run", "--report", junit], tables: folder, tableSuites: [ToySpec.suite])
            #expect(run.status == 1)
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<testsuite name=\"toy/deposits\" tests=\"1\" failures=\"1\""))
            #expect(
                xml.contains(
                    "spec &quot;toy&quot; declares the table &quot;deposits&quot;, "
                        + "but \(folder)/toy/deposits.csv does not exist"
                ))
        }
    }

    /// A path, a row or a tag runs what it names: the other tables are not asked for, so none is missing.
    @Test func namingTablesRowsOrTagsRunsOnlyThose() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write("id,available,charge,approved?,tags\nexact,$5.00,$5.00,yes,edge\n", in: folder)
            for arguments in [
                ["tables", "run", path], ["tables", "run", path + ":2"], ["tables", "run", "--tag", "edge"],
                ["tables", "lint", path],
            ] {
                let result = await tally(arguments, tables: folder, tableSuites: [ToySpec.suite])
                #expect(result.status == 0, "\(arguments): \(result.out)")
                #expect(!result.out.contains("deposits"), "\(arguments)")
            }
            let rows = RequirementTables.rows(
                of: [ToySpec.suite], in: folder, environment: ["TALLY_ROWS": "toy/charges.csv"])
            #expect(rows.filter(\.standsForProblems).isEmpty)
        }
    }
}
