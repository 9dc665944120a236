import Foundation
import Tally
import TallyCommandLine
import TallyTestSupport
import Testing

/// Runs the built `tally` executable in a fresh temporary folder with `environment` (and none of this
/// process's `TALLY_*` variables, the planted bugs off unless `environment` plants them, as a pasted
/// line runs); removes the folder afterwards.
func runTallyExecutable(_ arguments: [String], environment: [String: String] = [:]) async throws -> (
    status: Int32, out: String, err: String
) {
    try await withTemporaryFolder { folder in
        try await WatchedProcess.run(
            arguments, in: folder, environment: ["TALLY_PLANTED_BUGS": "0"].merging(environment) { $1 })
    }
}

@Suite(.serialized) struct CheckSelectionTests {
    static let evens = Property("doubles are even", Gen.int(in: 0...1000)) { n in try ensure((n * 2) % 2 == 0, "even") }
    static let halves = Property("halves", Gen.int(in: 0...1000)) { n in
        try ensure(n / 2 * 2 <= n, "halving rounds down")
    }

    /// Runs `tally` in-process on the toy catalog, with the toy table (one row of it wrong) in a
    /// temporary tables folder.
    static func check(
        _ arguments: [String], properties: [Property], environment: [String: String] = ["TALLY_EXAMPLES": "off"]
    ) async -> (status: Int32, out: String, err: String) {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            return await tally(arguments, tables: folder, properties: properties, environment: environment)
        }
    }

    @Test func aPropertyOrSpecThatSelectsNothingIsAnErrorNamingTheNearest() async {
        let property = await Self.check(["check", "--property", "halvs"], properties: [Self.evens, Self.halves])
        #expect(property.status == 2)
        #expect(
            property.err.hasPrefix(
                "tally check: error: --property \"halvs\" names no property in tally's catalog. "
                    + "Did you mean \"toy/halves\"?"
            ))
        #expect(property.out.isEmpty, "nothing ran")
        let spec = await Self.check(["check", "--spec", "toi", "--property", "halves"], properties: [Self.halves])
        #expect(spec.status == 2)
        #expect(
            spec.err.hasPrefix(
                "tally check: error: --spec \"toi\" names no spec in tally's catalog. Did you mean \"toy\"?"))
        let environment = await Self.check(
            ["check"], properties: [Self.halves], environment: ["TALLY_EXAMPLES": "off", "TALLY_PROPERTY": "halfs"])
        #expect(environment.status == 2)
        #expect(
            environment.err.hasPrefix(
                "tally check: error: TALLY_PROPERTY=\"halfs\" names no property in tally's catalog. "
                    + "Did you mean \"toy/halves\"?"
            ))
    }

    @Test func aNamedPropertyRunsAloneWithoutTables() async {
        let result = await Self.check(
            ["check", "--property", "toy/doubles are even"], properties: [Self.evens, Self.halves])
        #expect(result.status == 0, "the failing table row is not run")
        #expect(result.out.contains("Tables\n  (not run: --property selects properties only)\n"))
        #expect(result.out.contains("  ✔ toy/doubles are even"))
        #expect(!result.out.contains("toy/halves"))
        // The closing totals agree with the header: the tables were not run, rather than "0 passed, 0 failed".
        #expect(
            result.out.hasSuffix(
                "Rows: not run (--property selects properties only)\nProperties: 1 passed, "
                    + "0 failed\nCheck: 1 passed, 0 failed"
            ))
        let environment = await Self.check(
            ["check"], properties: [Self.evens],
            environment: ["TALLY_EXAMPLES": "off", "TALLY_PROPERTY": "doubles are even"])
        #expect(environment.out.contains("Tables\n  (not run: TALLY_PROPERTY selects properties only)\n"))
        #expect(environment.out.contains("\nRows: not run (TALLY_PROPERTY selects properties only)\n"))
    }

    @Test func aSpecRunsItsPropertiesAndItsTables() async {
        let result = await Self.check(["check", "--spec", "toy"], properties: [Self.evens])
        #expect(result.status == 1, "the toy table's wrong row runs and fails")
        #expect(result.out.contains("  ✔ toy/doubles are even"))
        #expect(result.out.contains("toy/charges.csv  1 failed; 3 rows run, 0 skipped, 6 expected cells compared"))
    }

    @Test func tallyStatsPrintsEachPropertysLabels() async {
        let labelled = Property("labelled", Gen.int(in: 0...9)) { n in label(n % 2 == 0 ? "even" : "odd") }
        let result = await Self.check(
            ["check", "--property", "labelled"], properties: [labelled],
            environment: ["TALLY_EXAMPLES": "off", "TALLY_STATS": "1"])
        #expect(result.status == 0)
        #expect(result.out.contains("  ✔ toy/labelled  (100 cases, "))
        #expect(result.out.contains("\n      Tally statistics for labelled (100 cases):\n"))
        let table = result.out.split(separator: "\n").drop { !$0.contains("Tally statistics") }.dropFirst().prefix(2)
        #expect(Set(table.map { $0.split(separator: " ").last }) == ["even", "odd"])
    }

    @Test func aSeededCheckSaysItReplayedSavedFailuresFirstAndWhichSeedItUsed() async throws {
        try await withTemporaryFolder { examples in
            try ExampleStore(directory: examples).save(
                ReplayToken(propertyID: Self.evens.id, choices: [5]), propertyID: Self.evens.id)
            let result = await Self.check(
                ["check", "--property", "doubles are even", "--seed", "42"], properties: [Self.evens],
                environment: ["TALLY_EXAMPLES": examples])
            #expect(result.status == 0)
            #expect(result.out.contains("  ✔ toy/doubles are even  (101 cases, "))
            #expect(
                result.out.contains(
                    "\n      Replayed 1 saved failure first (passing now, so removed), then searched with seed 42.\n"))
        }
    }

    /// Thirty cases cannot tell whether the property's 1% requirement is met, so the run grows until they
    /// can (or to twenty times its budget, at least the 500 its 1% requirement needs) rather than failing or
    /// passing on thirty.
    @Test func checkHonoursTallyStatsAndGrowsASampleTooSmallForCoverage() async throws {
        let run = try await runTallyExecutable(
            [
                "check", "--property", "claims/cost sharing stays within the out-of-pocket maximum", "--iterations",
                "30",
            ],
            environment: ["TALLY_STATS": "1"])
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.contains("      Tally statistics for cost sharing stays within the out-of-pocket maximum ("))
        #expect(!run.out.contains("(30 cases)"))
        #expect(run.out.contains("(needs ≥ 5.0%)"))
    }

    @Test func theReplayLineCheckPrintsWorksAsItIs() async throws {
        let check = try await runTallyExecutable(
            ["check", "--property", "planted/planted ordinary failure"], environment: ["TALLY_PLANTED_BUGS": "1"])
        #expect(check.status == 1)
        let line = try #require(check.out.split(separator: "\n").first { $0.contains("Replay: ") })
        let command = line.split(separator: " ").drop { $0 != "Replay:" }.dropFirst().map(String.init)
        #expect(Array(command.prefix(4)) == ["swift", "run", "tally", "replay"])
        #expect(command.count == 5)
        // As pasted: without TALLY_PLANTED_BUGS, which the line does not carry.
        let replay = try await runTallyExecutable(Array(command.dropFirst(3)))
        #expect(replay.status == 1, "the case still fails")
        #expect(replay.out.contains("Counterexample:\n  [1, 100]\n"))
        #expect(check.out.contains("Counterexample (shrunk in "))
        #expect(check.out.contains("\n        [1, 100]\n"))
    }

    @Test func replayRefusesADamagedTokenAndATokenOfNoProperty() async throws {
        let token = ReplayToken(propertyID: "halves", choices: [1]).description
        let cut = await Self.check(["replay", String(token.dropLast(3))], properties: [Self.halves])
        #expect(cut.status == 2)
        #expect(cut.err.hasPrefix("tally replay: error: this replay token is damaged ("))
        #expect(
            cut.err.contains(
                "it was cut short or edited. Copy the whole token from the \"Replay:\" line of the failure report"))
        let foreign = await Self.check(["replay", token], properties: [Self.evens])
        #expect(foreign.status == 2)
        #expect(foreign.err.hasPrefix("tally replay: error: no property in tally's catalog owns the token \(token)"))
        // A token printed by `swift test` for a forAll in a test is replayed there; the message says how.
        #expect(foreign.err.contains("such a token replays with: TALLY_REPLAY=\(token) swift test"))
    }
}
