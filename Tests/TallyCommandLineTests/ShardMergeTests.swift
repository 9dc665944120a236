import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// `tally report --merge DIR... --to DIR` puts the report folders of a CI matrix's shards back
/// together: every property once with the shard that ran it, the findings with their replay lines and
/// their tokens ready for `.tally/examples`; and a shard missing, or of another split or budget, is a
/// failure named in the reports. Before, nothing merged them: a failure on shard 3 of 4 was in that
/// job's artifacts only, and a shard that never ran looked like one that found nothing.
@Suite struct ShardMergeTests {
    static let commit = String(repeating: "ab", count: 20)

    /// Writes the reports of shard `index`/`count` into `folder`: property `toy/p<index>`, which fails on
    /// shard 3 with a replayable finding.
    static func shard(_ index: Int, of count: Int, in folder: String, budget: String = "10 s", selected: Int = 4) throws
    {
        let id = "p\(index)"
        var outcome = FuzzPropertyOutcome(name: "toy/\(id)", cases: 100 * index, seconds: 1)
        if index == 3 {
            let token = ReplayToken(propertyID: id, choices: ChoiceSequence([1, 100])).description
            outcome.finding = FuzzFinding(
                kind: .failure, token: token, value: "[1, 100]", original: "[7, 300]",
                failure: "sum ≤ 100", shrinkSteps: 4, savedPath: ".tally/examples/x/y.token", isNew: true)
        }
        let run = FuzzRunFacts(
            seed: "\(index)", shard: "\(index)/\(count)", commit: commit, budget: budget, selected: selected,
            stopped: nil)
        try FuzzReports.write(
            ["summary.md", "junit.xml", "summary.json"].map { folder + "/" + $0 }, outcomes: [outcome], run: run,
            console: Console(out: { _ in }, err: { _ in }))
    }

    /// The report folders of four shards, `shard 1` … `shard 4` in `folder`, each with the budget `budget`
    /// gives its index.
    static func fourShards(in folder: String, budget: (Int) -> String = { _ in "10 s" }) throws -> [String] {
        try (1...4).map { index in
            let shard = folder + "/shard \(index)"
            try Self.shard(index, of: 4, in: shard, budget: budget(index))
            return shard
        }
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func theWholeMatrixMergesIntoOneRun() async throws {
        try await withTemporaryFolder { folder in
            let shards = try Self.fourShards(in: folder)
            let merged = folder + "/merged"
            let result = await tally(["report", "--merge"] + shards + ["--to", merged], tables: folder)
            #expect(
                result.status == 1, "a new finding fails the merge as it fails the fuzz: \(result.out) \(result.err)")
            #expect(
                result.out.split(separator: "\n").last.map(String.init) == "HTML report: \(merged)/index.html",
                "\(result.out)")
            #expect(!result.out.contains("problem"), "\(result.out)")
            let summary = Self.read(merged + "/summary.md")
            #expect(
                summary.contains(
                    "Merged from shards 1/4, 2/4, 3/4, 4/4, commit abababababab, budget 10 s, seeds 1 (1/4), 2 (2/4), "
                        + "3 (3/4), 4 (4/4). 1000 cases; properties: 3 passed, 1 failed."
                ), "\(summary)")
            for index in 1...4 {
                #expect(
                    summary.components(separatedBy: "| toy/p\(index) |").count == 2, "toy/p\(index) once: \(summary)")
                #expect(
                    summary.contains(
                        "| toy/p\(index) | \(index == 3 ? "❌ failure (new)" : "✅ passed") | \(100 * index) "
                            + "| \(100 * index) | \(index)/4 |"
                    ))
            }
            let token = ReplayToken(propertyID: "p3", choices: ChoiceSequence([1, 100]))
            #expect(summary.contains("Replay: `swift run tally replay \(token)`"))
            // The finding's token, where swift test looks for it once copied into .tally/examples.
            let saved = ExampleStore(directory: merged + "/examples").load(propertyID: "p3") { Issue.record("\($0)") }
            #expect(saved.map(\.token) == [token])
            #expect(summary.contains("Found by shard 3/4, saved as `\(saved.first?.path ?? "")`."))
            #expect(
                result.out.contains(
                    "mkdir -p .tally/examples && cp -R \(shellQuoted(merged + "/examples/.")) .tally/examples/"),
                "\(result.out)")
            #expect(Self.read(merged + "/junit.xml").contains("<testcase classname=\"fuzz shard 3/4\" name=\"toy/p3\""))
            let json = try FuzzSummary(path: merged + "/summary.json")
            #expect(
                json.outcomes.map(\.name) == ["toy/p1", "toy/p2", "toy/p3", "toy/p4"]
                    && json.outcomes.map(\.shard) == ["1/4", "2/4", "3/4", "4/4"])
            #expect(json.problems.isEmpty)
            let index = Self.read(merged + "/index.html")
            #expect(index.contains("✘ Not everything holds") && index.contains("1 failing"), "\(index)")
            #expect(Self.read(merged + "/properties-toy.html").contains("<dt>Shard</dt><dd>3/4</dd>"))
        }
    }

    @Test func aMissingShardIsAFailureNamedInTheReports() async throws {
        try await withTemporaryFolder { folder in
            let shards = try [1, 2, 4].map { index in
                let shard = folder + "/shard \(index)"
                try Self.shard(index, of: 4, in: shard)
                return shard
            }
            let merged = folder + "/merged"
            let result = await tally(["report", "--merge"] + shards + ["--to", merged], tables: folder)
            let message = "shard 3/4 is missing: no folder given to --merge holds its report"
            #expect(result.status == 1)
            #expect(result.out.contains("  ✘ \(message)"), "\(result.out)")
            #expect(result.out.split(separator: "\n").last.map(String.init) == "HTML report: \(merged)/index.html")
            #expect(Self.read(merged + "/summary.md").contains("- \(message)"))
            #expect(Self.read(merged + "/junit.xml").contains("<failure message=\"\(message)\">"))
            #expect(try FuzzSummary(path: merged + "/summary.json").problems == [message])
            #expect(Self.read(merged + "/index.html").contains(message))
        }
    }

    @Test func aShardOfAnotherSplitIsAFailure() async throws {
        try await withTemporaryFolder { folder in
            var shards = try (1...3).map { index in
                let shard = folder + "/shard \(index)"
                try Self.shard(index, of: 4, in: shard)
                return shard
            }
            try Self.shard(2, of: 3, in: folder + "/other")
            shards.append(folder + "/other")
            let result = await tally(["report", "--merge"] + shards + ["--to", folder + "/merged"], tables: folder)
            #expect(result.status == 1)
            #expect(
                result.out.contains("  ✘ shard 2/3 (\(folder)/other) is of another split: the other shards are of 4"),
                "\(result.out)")
            #expect(result.out.contains("  ✘ shard 4/4 is missing"))
        }
    }

    @Test func aShardOfAnotherBudgetIsAFailure() async throws {
        try await withTemporaryFolder { folder in
            let shards = try Self.fourShards(in: folder) { $0 == 2 ? "5 s" : "10 s" }
            let result = await tally(["report", "--merge"] + shards + ["--to", folder + "/merged"], tables: folder)
            #expect(result.status == 1)
            let message = "shard 2/4 (\(folder)/shard 2) had a budget of 5 s, the other shards 10 s"
            #expect(result.out.contains("  ✘ \(message)"), "\(result.out)")
            #expect(Self.read(folder + "/merged/summary.md").contains("- \(message)"))
        }
    }

    /// A merge into the folder of an earlier one leaves none of its findings: the folder holds one run.
    @Test func anEarlierMergesFindingsGo() async throws {
        try await withTemporaryFolder { folder in
            let shards = try Self.fourShards(in: folder)
            let merged = folder + "/merged"
            _ = await tally(["report", "--merge"] + shards + ["--to", merged], tables: folder)
            try "mine\n".write(toFile: merged + "/examples/notes.txt", atomically: true, encoding: .utf8)
            #expect(ExampleStore(directory: merged + "/examples").load(propertyID: "p3") { _ in }.count == 1)
            let fewer = await tally(
                ["report", "--merge", shards[0], shards[1], shards[3], "--to", merged], tables: folder)
            #expect(fewer.status == 1)
            #expect(ExampleStore(directory: merged + "/examples").load(propertyID: "p3") { _ in }.isEmpty)
            #expect(Self.read(merged + "/examples/notes.txt") == "mine\n")
        }
    }

    /// `tally fuzz` says in its JSON report which shard it was, of how many properties, and its budget.
    @Test func aShardsReportSaysWhatTheMergeCompares() async throws {
        try await withTemporaryFolder { folder in
            let run = try await runTally(
                [
                    "fuzz", "--spec", "planted", "--property", "planted control", "--property",
                    "planted ordinary failure",
                    "--cases", "50", "--shard", "2/2", "--report", "shard/summary.json",
                ], in: folder)
            #expect(run.status == 1, "\(run.out)")
            let json =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: folder + "/shard/summary.json"))) as? [String: Any]
            #expect(
                json?["shard"] as? String == "2/2" && json?["budget"] as? String == "50 cases each"
                    && json?["selected"] as? Int == 2, "\(json ?? [:])")
        }
    }
}
