import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// Under `swift test`, a selector that selects nothing fails the run when the test process exits, and
/// the replay line of a parameterized test's failure replays that one property. Seen from a child
/// test process running the probe spec (`ProbeTests.swift`).
@Suite(.serialized) struct SelectorExitTests {
    static let probes = "TallyTests.(probeProperties|ProbeTests)"

    @Test func aMisspeltPropertyNameFailsTheRunNamingTheNearestName() async throws {
        let run = try await runChildTests(
            filter: Self.probes, environment: ["TALLY_PROPERTY": "sorting twice change nothing"])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                """
                Tally: error: TALLY_PROPERTY="sorting twice change nothing" names no property among \
                the 3 properties of this \
                test run. Did you mean "probe/sorting twice changes nothing"?
                """))
    }

    @Test func aPropertyNameRunsThatPropertyAndSkipsTheOthersVisibly() async throws {
        let run = try await runChildTests(
            filter: Self.probes,
            environment: ["TALLY_PROPERTY": "probe/sorting twice changes nothing", "TALLY_PROBE_BUG": "1"])
        #expect(run.status == 1, "the selected property runs, and fails with the planted bug")
        #expect(run.output.contains("Property sorting twice changes nothing failed"))
        #expect(!run.output.contains("Property ten amounts stay within ten dollars failed"))
        // One line for all the skipped properties, not a warning each (before: one per property).
        #expect(!run.output.contains("Tally: skipped"))
        #expect(!run.output.contains("warning"))
        #expect(
            run.output.components(
                separatedBy:
                    "Tally: TALLY_PROPERTY=\"probe/sorting twice changes nothing\" ran 1 property and skipped 2."
            ).count == 2)
    }

    @Test func aTokenNoPropertyOfTheRunOwnsFailsTheRun() async throws {
        let foreign = ReplayToken(propertyID: "a property that was renamed", choices: [1, 2])
        let run = try await runChildTests(
            filter: "TallyTests.ProbeTests", environment: ["TALLY_REPLAY": foreign.description])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "Tally: error: TALLY_REPLAY=\(foreign) belongs to no property among the 1 property of this test run"))
        #expect(run.output.contains("The one there is \"probeHalvingUndoesDoubling\"."))
    }

    /// One mistake, one message: before, every property of the run recorded an issue of its own (a
    /// damaged token in a full run: 363 issues, 219 s); now the first test that meets it stops the run.
    @Test(arguments: [
        ["TALLY_REPLAY": String(ReplayToken(propertyID: "probe", choices: [1, 2, 3]).description.dropLast(3))],
        ["TALLY_REPLY": "x"],
    ])
    func aVariableThatCannotBeUsedStopsTheRunWithOneIssue(environment: [String: String]) async throws {
        let run = try await runChildTests(filter: Self.probes, environment: environment)
        #expect(run.status == 1)
        #expect(run.output.components(separatedBy: "recorded an issue").count == 2, "one issue: \(run.output)")
        #expect(run.output.components(separatedBy: "Tally: \(environment.keys.first!)=").count == 2, "said once")
        #expect(
            endsWhereTallyStopped(run.output, stopLine: TestRunEnvironment.stopLine),
            "the run ends there: \(run.output)")
        #expect(!run.output.contains("Test run with"), "no test ran on to a summary")
    }

    @Test func theReplayLineOfAParameterizedTestReplaysOnlyItsProperty() async throws {
        let failing = try await runChildTests(filter: Self.probes, environment: ["TALLY_PROBE_BUG": "1"])
        #expect(failing.status == 1)
        let line = try #require(
            failing.output.split(separator: "\n").first {
                $0.contains("Replay: TALLY_REPLAY=") && $0.contains("probeProperties")
                    && $0.contains(ReplayToken.hash(of: ProbeSpec.sums.id))
            })
        let words = line.split(separator: " ").drop { !$0.hasPrefix("TALLY_REPLAY=") }.map(String.init)
        #expect(Array(words.dropFirst()) == ["swift", "test", "--filter", "TallyTests.probeProperties"])
        let token = String(words[0].dropFirst("TALLY_REPLAY=".count))

        let replayed = try await runChildTests(
            filter: "TallyTests.probeProperties", environment: ["TALLY_PROBE_BUG": "1", "TALLY_REPLAY": token])
        #expect(replayed.status == 1)
        #expect(replayed.output.contains("Property ten amounts stay within ten dollars failed replaying \(token)."))
        #expect(replayed.output.contains("Counterexample:\n    [51, 100]\n"))
        #expect(replayed.output.contains("Tally: TALLY_REPLAY=\(token) ran 1 property and skipped 1."))
    }
}
