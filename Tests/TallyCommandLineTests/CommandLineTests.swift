import Foundation
import Synchronization
import Tally
import TallyCommandLine
import TallyTables
import TallyTestSupport
import Testing

/// Runs the command line on a toy catalog, as the tool `toolName`, and captures what it prints. By
/// default the catalog's tables are those of ``ToySpec/chargesOnly``, and no `TALLY_*` variable is
/// set but `TALLY_EXAMPLES=off`, so that nothing is saved under the package's `.tally/`.
func tally(
    _ arguments: [String], tables: String, properties: [Property] = [],
    environment: [String: String] = ["TALLY_EXAMPLES": "off"],
    tableSuites: [TableSuite] = [ToySpec.chargesOnly], toolName: String = "tally", invokedIn: String = ""
) async -> (status: Int32, out: String, err: String) {
    let out = Mutex<[String]>([]), err = Mutex<[String]>([])
    let console = Console(
        out: { line in out.withLock { $0.append(line) } }, err: { line in err.withLock { $0.append(line) } })
    let catalog = TallyCatalog(
        propertySuites: [PropertySuite("toy", properties: properties)], tableSuites: tableSuites,
        tablesDirectory: tables, toolName: toolName)
    let status = await TallyCommandLine.run(
        arguments, catalog: catalog, console: console, environment: environment, invokedIn: invokedIn)
    return (status, out.withLock { $0.joined(separator: "\n") }, err.withLock { $0.joined(separator: "\n") })
}

@Suite struct CommandLineTests {
    static let table = """
        id,available,charge,approved?,available after?,tags
        exact balance,$50.00,$50.00,yes,$0.00,edge
        one cent over,$50.00,$50.01,no,$50.00,edge
        wrong,$50.00,$20.00,yes,$20.00,
        """

    @Test func tablesRunShowsTheFailingRowAndCellAndExitsOne() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            let result = await tally(["tables", "run", folder], tables: folder)
            #expect(result.status == 1)
            // One line per table, beneath it only the row that failed, and a last line to paste.
            #expect(
                result.out == """
                    ✘ \(path)  1 failed; 3 rows run, 0 skipped, 6 expected cells compared
                      ✘ \(path):4  wrong
                          available after?: expected $20.00, actual $30.00
                          inputs: available $50.00, charge $20.00
                    Rows: 2 passed, 1 failed
                    Run the failed rows again: swift run tally tables run \(shellQuoted("\(path):4"))
                    """)
        }
    }

    @Test func oneRowOrOneTagCanBeRun() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            let one = await tally(["tables", "run", "\(path):3"], tables: folder)
            #expect(one.status == 0)
            #expect(one.out.hasSuffix("Rows: 1 passed, 0 failed"))
            let tagged = await tally(["tables", "run", "--tag", "edge"], tables: folder)
            #expect(tagged.status == 0)
            #expect(tagged.out.hasSuffix("Rows: 2 passed, 0 failed"))
        }
    }

    @Test func lintListsEveryProblemWithoutRunning() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write("available,charge,aproved?\n$1,x,yes\n", in: folder)
            let result = await tally(["tables", "lint"], tables: folder)
            #expect(result.status == 1)
            #expect(
                result.out.hasPrefix(
                    "\(path):1:18: unknown column \"aproved?\" in spreadsheet column C (did you mean \"approved?\"?)"))
            #expect(result.out.hasSuffix("Tables: 0 passed, 1 failed (0 rows, 1 problem)"))
        }
    }

    @Test func recordShowsTheFillInsAndWritesOnlyWhenAsked() async throws {
        try await withTemporaryFolder { folder in
            let path = ToySpec.write(
                "# balances in dollars\navailable,charge,approved?,available "
                    + "after?\n$50,\"$1,000.00\",,\n$50,$5,yes,\n",
                in: folder)
            let preview = await tally(["tables", "record", path], tables: folder)
            #expect(preview.status == 0)
            #expect(
                preview.out == """
                    \(path):3  approved?  (empty) → no
                    \(path):3  available after?  (empty) → $50.00
                    \(path):4  available after?  (empty) → $45.00
                    Fill these 3 cells: swift run tally tables record \(shellQuoted(path)) --write
                    """)
            let unchanged = try String(contentsOfFile: path, encoding: .utf8)
            #expect(unchanged.hasSuffix("$50,$5,yes,\n"))
            let written = await tally(["tables", "record", path, "--write"], tables: folder)
            #expect(written.status == 0)
            let filled = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                filled
                    == "# balances in dollars\navailable,charge,approved?,available "
                    + "after?\n$50,\"$1,000.00\",no,$50.00\n$50,$5,yes,$45.00\n"
            )
        }
    }

    @Test func usageErrorsExitTwoWithOneClearMessage() async {
        await withTemporaryFolder { folder in
            let path = ToySpec.write(Self.table, in: folder)
            let unknown = await tally(["tables", "run", "--colour"], tables: folder)
            #expect(unknown.status == 2)
            #expect(
                unknown.err
                    == "tally tables run: error: unknown option '--colour'\nUsage: "
                    + "tally tables run [PATH[:LINE]|DIR ...] [--as SPEC/TABLE] [--tag TAG] [--case-timeout T] "
                    + "[--report FILE]\nSee 'tally tables run --help'."
            )
            let missing = await tally(["tables", "record"], tables: folder)
            #expect(missing.status == 2)
            #expect(missing.err.hasPrefix("tally tables record: error: missing PATH"))
            // A row's failure prints PATH:LINE, which `tables run` takes; record fills whole tables.
            let row = await tally(["tables", "record", "\(path):3"], tables: folder)
            #expect(row.status == 2)
            #expect(
                row.err.hasPrefix(
                    "tally tables record: error: \(path):3: tables record fills a whole table, not one row; "
                        + "give the table without :3: \(shellQuoted(path))"
                ), "\(row.err)")
            let command = await tally(["frobnicate"], tables: folder)
            #expect(command.status == 2)
            #expect(command.err.hasPrefix("tally: error: unknown command 'frobnicate'"))
            let typo = await tally(["chek"], tables: folder)
            #expect(typo.status == 2)
            #expect(typo.err.hasPrefix("tally: error: unknown command 'chek'; did you mean 'check'?"), "\(typo.err)")
            let noValue = await tally(["check", "--iterations"], tables: folder)
            #expect(noValue.err.hasPrefix("tally check: error: --iterations needs a value"))
            let badValue = await tally(["check", "--iterations", "many"], tables: folder)
            #expect(
                badValue.err.hasPrefix(
                    "tally check: error: --iterations expects a whole number greater than 0, got 'many'"))
            // Run from another folder, every table the specs declare was reported missing, a line each.
            let elsewhere = await tally(["check"], tables: folder + "/Tables")
            #expect(elsewhere.status == 2)
            #expect(
                elsewhere.err.hasPrefix(
                    "tally check: error: there is no folder \(folder)/Tables/ (the current directory is "),
                "\(elsewhere.err)")
            #expect(elsewhere.out.isEmpty)
            let help = await tally(["tables", "run", "--help"], tables: folder)
            #expect(help.status == 0 && help.out.hasPrefix("OVERVIEW: Run table rows"))
        }
    }

    /// Before, the line dropped `--as`, so pasted it failed with "no spec for this path".
    @Test func theRerunLineOfATableBoundWithAsKeepsTheBinding() async throws {
        try await withTemporaryFolder { folder in
            let path = folder + "/mine.csv"
            try Self.table.write(toFile: path, atomically: true, encoding: .utf8)
            let result = await tally(["tables", "run", "--as", "toy/charges", path], tables: folder)
            #expect(result.status == 1)
            #expect(
                result.out.hasSuffix(
                    "Run the failed rows again: swift run tally tables run --as toy/charges \(shellQuoted("\(path):4"))"
                ))
        }
    }

    @Test func checkRunsTablesAndPropertiesAndWritesReports() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder)
            let broken = Property("halves", Gen.int(in: 0...1000)) { n in try ensure(n / 2 * 2 == n, "n is even") }
            let junit = folder + "/report.xml", markdown = folder + "/report.md", examples = folder + "/examples"
            let result = await tally(
                ["check", "--report", junit, "--report", markdown], tables: folder, properties: [broken],
                environment: ["TALLY_EXAMPLES": examples])
            #expect(result.status == 1)
            #expect(result.out.contains("  ✘ toy/halves"))
            #expect(result.out.contains("      Counterexample (shrunk in"))
            #expect(result.out.contains("      Replay: swift run tally replay "))
            #expect(
                result.out.hasSuffix(
                    "Rows: 2 passed, 1 failed\nProperties: 0 passed, 1 failed\nCheck: 2 passed, "
                        + "2 failed\nRun the failed rows again: "
                        + "swift run tally tables run \(shellQuoted("\(folder)/toy/charges.csv:4"))"
                ))
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(xml.contains("<testcase classname=\"toy/charges\" name=\"exact balance ("))
            #expect(xml.contains("<testcase classname=\"properties\" name=\"toy/halves\""))
            #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("| toy/halves | ❌ failed |"))
            // The failure is saved where TALLY_EXAMPLES says, not under the package's .tally/.
            #expect(ExampleStore(directory: examples).load(propertyID: "halves") { _ in }.count == 1)
        }
    }

    @Test func replayRerunsATokenAndRejectsBadOnes() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(Self.table, in: folder)
            let broken = Property("halves", Gen.int(in: 0...1000)) { n in try ensure(n / 2 * 2 == n, "n is even") }
            var configuration = RunConfiguration()
            configuration.exampleDirectory = nil
            let token = try #require(await broken.check(configuration).counterexample?.token)
            let replayed = await tally(["replay", token.description], tables: folder, properties: [broken])
            #expect(replayed.status == 1)
            #expect(replayed.out.contains("Counterexample:\n  1\n"))
            let bad = await tally(["replay", "nonsense"], tables: folder, properties: [broken])
            #expect(bad.status == 2)
            #expect(bad.err.hasPrefix("tally replay: error: this replay token is damaged"))
        }
    }
}

@Suite struct PromoteTests {
    /// A toy property whose counterexamples become rows of `toy/charges`.
    static let overdraft = Property(
        "never overdraws", Gen.zip(Gen.cents(in: 0...10_000), Gen.cents(in: 1...10_000)),
        promotion: RowPromotion(table: "toy/charges") { available, charge in
            ["available": MoneyText.format(available), "charge": MoneyText.format(charge)]
        }
    ) { available, charge in
        try ensure(charge <= available, "charge within the available balance")
    }

    /// The shrunk counterexample of ``overdraft``, found without saving it.
    static func overdraftToken() async throws -> ReplayToken {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return try #require(await overdraft.check(configuration).counterexample?.token)
    }

    @Test func promoteAppendsTheCounterexampleForReview() async throws {
        try await withTemporaryFolder { folder in
            let path = ToySpec.write(
                "id,available,charge,approved?,available after?,status,note\nfirst,$5.00,$1.00,yes,$4.00,,\n",
                in: folder)
            let token = try await Self.overdraftToken()
            let result = await tally(
                ["promote", token.description, "--table", path], tables: folder, properties: [Self.overdraft])
            #expect(result.status == 0)
            #expect(
                result.out.hasPrefix(
                    "Added \(path):3 with status review:\n  inputs: available $0.00, "
                        + "charge $0.01\n  expected (the engine's answer today): approved? no, available after? $0.00"
                ))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(
                text.hasSuffix(
                    "$0.00,$0.01,no,$0.00,review,found by toy/never overdraws; replay: "
                        + "swift run tally replay \(token)\n"
                ))
            let run = await tally(["tables", "run", path], tables: folder)
            #expect(run.out.hasSuffix("Rows: 2 passed, 0 failed (1 awaiting review)"))
        }
    }

    @Test func promoteRefusesATableOfAnotherShape() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let other = ToySpec.write("scenario,deposit,balance?\na,$1,$1\n", table: "deposits", in: folder)
            let token = try await Self.overdraftToken()
            let result = await tally(
                ["promote", token.description, "--table", other], tables: folder, properties: [Self.overdraft],
                tableSuites: [ToySpec.suite])
            #expect(result.status == 2)
            #expect(
                result.err.hasPrefix(
                    "tally promote: error: toy/never overdraws promotes into toy/charges, not toy/deposits"))
        }
    }
}
