import TallyTestSupport
import Testing

/// A green `swift test` is short: on a pass Tally prints nothing of its own unless asked — the label
/// distribution for `TALLY_STATS=1`, one closing line for a run under `TALLY_SEED` or
/// `TALLY_ITERATIONS` — so that the lines a person reads are Swift Testing's, one per test.
@Suite struct QuietGreenRunTests {
    /// A small selection that goes where Tally could speak: properties of a spec and of `forAll`s, table
    /// rows, state machines (sequential and concurrent), and tests whose own properties fail, shrink and
    /// replay on purpose.
    static let selection =
        "TallyTests.probeProperties|TallyTests.ProbeTests|ForAllTests|StateMachineTests|ReferenceServicesSpecTests"

    /// The most lines of its own Tally may print in a green run of ``selection`` that asked for none.
    static let bound = 0

    /// The lines of `output` that are neither Swift Testing's (each begins with its symbol: ◇ started,
    /// ✔ passed, ➜ skipped, ↳ details…) nor XCTest's empty run (`Test Suite 'All tests' …`): Tally's own.
    static func tallysLines(_ output: String) -> [String] {
        let swiftTesting: Set<Unicode.Scalar> = ["◇", "✔", "✘", "➜", "↳", "⚠", "±", "⎙"]
        return output.split(separator: "\n").map(String.init).filter { line in
            guard let first = line.unicodeScalars.first else { return false }
            return !swiftTesting.contains(first) && !line.hasPrefix("Test Suite '") && !line.hasPrefix("\t Executed ")
        }
    }

    @Test func aGreenRunPrintsNothingOfTallysOwn() async throws {
        let run = try await runChildTests(filter: Self.selection, environment: [:])
        #expect(run.status == 0, "\(run.output)")
        for ran in [
            "✔ Test servicesTables(_:) with", "✔ Test servicesProperties(_:) with",
            "✔ Test probeProperties(_:) with 2 test cases passed",
        ] {
            #expect(run.output.contains(ran), "the selection ran what it is meant to: \(ran)")
        }
        let own = Self.tallysLines(run.output)
        #expect(
            own.count <= Self.bound,
            "Tally printed \(own.count) lines of its own in a green run:\n\(own.joined(separator: "\n"))")
    }

    /// What was asked for is printed: the closing line of a run under a seed, the label distributions.
    /// (The same count would see any line Tally printed unasked.)
    @Test func whatIsAskedForIsPrinted() async throws {
        let seeded = try await runChildTests(filter: "TallyTests.probeProperties", environment: ["TALLY_SEED": "7"])
        #expect(seeded.status == 0)
        let closing = Self.tallysLines(seeded.output)
        #expect(
            closing.count == 1 && closing[0].hasPrefix("Tally: ")
                && closing[0].hasSuffix(" ran with TALLY_SEED=7 (one seed for all; by default each property's own)."),
            "\(closing)")
        let statistics = try await runChildTests(
            filter: "TallyTests.probeProperties", environment: ["TALLY_STATS": "1"])
        #expect(statistics.status == 0)
        #expect(Self.tallysLines(statistics.output).filter { $0.hasPrefix("Tally statistics for ") }.count == 2)
    }
}
