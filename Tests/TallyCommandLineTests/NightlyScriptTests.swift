import Foundation
import TallyTestSupport
import Testing

/// `Scripts/nightly-fuzz.sh` names only reports that were written tonight, and says so plainly when
/// tally was called wrongly.
@Suite struct NightlyScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/nightly-fuzz.sh").path

    /// Runs the script with `environment`, using `tally` rather than a release build.
    static func run(tally: String, environment: [String: String]) async throws -> (status: Int32, output: String) {
        let run = try await WatchedProcess.run(
            [script], environment: environment.merging(["TALLY_BIN": tally, "TALLY_PLANTED_BUGS": "0"]) { $1 },
            executable: URL(fileURLWithPath: "/bin/bash"), mergingErrors: true)
        return (run.status, run.out)
    }

    /// Before, a usage error was followed by "Reports: …" naming three files that did not exist.
    @Test func aUsageErrorSaysSoAndExitsTwo() async throws {
        try await withTemporaryFolder { folder in
            let result = try await Self.run(
                tally: WatchedProcess.tally.path, environment: ["TALLY_FUZZ_TIME": "soon", "TALLY_REPORT_DIR": folder])
            #expect(result.status == 2)
            #expect(result.output.contains("tally fuzz: error: --time expects a duration"))
            #expect(result.output.contains("nightly-fuzz: usage error: "))
            #expect(!result.output.contains("Reports:"))
        }
    }

    /// A tally that wrote only one report (it was killed, or a disk filled): only that one is named,
    /// and a report left from an earlier night is not passed off as tonight's; the HTML report's index,
    /// the page to open, is named last. Before, it was one more name in the list.
    @Test func onlyReportsWrittenTonightAreNamed() async throws {
        try await withTemporaryFolder { folder in
            let fake = folder + "/fake-tally"
            // Like tally, it first removes the reports of an earlier run from the folder it reports into.
            try writeExecutableScript(
                """
                #!/usr/bin/env bash
                while [ $# -gt 0 ]; do
                  if [ "$1" = --report ]; then rm -f "$2"; fi
                  if [ "$1" = --report ] && [[ "$2" == *.md ]]; then echo "# tonight" > "$2"; fi
                  if [ "$1" = --html ]; then echo "<p>tonight</p>" > "$2/index.html"; fi
                  shift
                done
                exit 1
                """, to: fake)
            let reports = folder + "/reports"
            try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
            try "<testsuites/>".write(toFile: reports + "/junit.xml", atomically: true, encoding: .utf8)
            // The mutation step runs on a given commit: by default it starts from the last commit older
            // than a day, which made this test's output depend on the age of the repository's history.
            let result = try await Self.run(
                tally: fake,
                environment: ["TALLY_FUZZ_TIME": "1s", "TALLY_REPORT_DIR": reports, "TALLY_MUTATE_SINCE": "HEAD"])
            #expect(result.status == 1, "the fuzz's own status")
            // The page to open comes last, as tally report prints it.
            #expect(
                result.output.hasSuffix(
                    "Reports: \(reports)/summary.md, \(reports)/mutants.md\nHTML report: \(reports)/index.html\n"),
                "\(result.output)")
            #expect(!result.output.contains("junit.xml"), "last night's report is not named")
        }
    }
}
