import Foundation
import Testing

/// `tally mutate` end to end on a tiny engine (Tests/Fixtures/MutationFixture): bus fares whose
/// table lacks the rows at the age limits. It builds a package of its own (a minute or two), so it
/// runs when TALLY_MUTATE_FIXTURE=1, as `.ci/run` sets it, and not in the default `swift test`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TALLY_MUTATE_FIXTURE"] == "1"))
struct MutateFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A copy of the fixture with Tally's own sources beside it, in a fresh temporary folder.
    static func fixture() throws -> String {
        let folder = NSTemporaryDirectory() + "tally-mutate-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: root + "/Tests/Fixtures/MutationFixture", toPath: folder)
        for target in ["Tally", "TallyTables", "DollarText", "TallyCommandLine"] {
            try FileManager.default.copyItem(atPath: root + "/Sources/" + target, toPath: folder + "/Sources/" + target)
        }
        return folder
    }

    @Test func aPlantedSurvivorIsNamedByItsLineUntilTableRowsKillIt() throws {
        let folder = try Self.fixture()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let first = try runTally(["mutate", "--report", "mutants.json"], in: folder)
        #expect(first.status == 1, "a survivor exits 1")
        #expect(first.out.contains("""
              ✘ Sources/Fares/Fares.swift:9:16  relational boundary  `>=` → `>`
                  - if age >= 65 { return full / 2 }
                  + if age > 65 { return full / 2 }
            """))
        #expect(first.out.contains("Fares: 19 mutants, 15 killed"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/mutants.json"))) as? [String: Any]
        let mutants = report?["mutants"] as? [[String: Any]] ?? []
        let survivors = mutants.filter { $0["status"] as? String == "survived" }.compactMap { $0["key"] as? String }
        #expect(survivors == [
            "Sources/Fares/Fares.swift:8:18 5 → 4", "Sources/Fares/Fares.swift:9:16 >= → >",
            "Sources/Fares/Fares.swift:9:19 65 → 64", "Sources/Fares/Fares.swift:9:19 65 → 66",
        ])
        #expect(!mutants.contains { $0["line"] as? Int == 4 }, "line 4 holds operators only in a string and a comment: never mutated")

        // The rows the survivors ask for: the ages at both limits. Only the table changed, so the
        // cached build is reused and every mutant runs again.
        let table = folder + "/Tables/fares/riders.csv"
        let rows = "four,4,$2.00,$0.00,Under 5 is free up to the day before the fifth birthday.\n"
            + "sixty-four,64,$2.00,$2.00,The half fare starts at 65.\nsixty-five,65,$2.00,$1.00,From 65 (inclusive) riders pay half.\n"
        try (String(contentsOfFile: table, encoding: .utf8) + rows).write(toFile: table, atomically: true, encoding: .utf8)
        let second = try runTally(["mutate"], in: folder)
        #expect(second.status == 0)
        #expect(second.out.contains("Mutation score: 100.0% (19 of 19 killed)"))
    }
}
