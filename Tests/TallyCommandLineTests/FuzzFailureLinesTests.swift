import Testing

@testable import TallyCommandLine

/// The console's lines for a fuzz finding: every line of the failure sits under it, indented.
@Suite struct FuzzFailureLinesTests {
    @Test func theRuntimesMessageIsIndentedUnderTheFailure() {
        var outcome = FuzzPropertyOutcome(name: "toy/crashes", cases: 4, seconds: 1, labels: [:])
        outcome.finding = FuzzFinding(
            kind: .crash, token: "8a011ca5.AQEBZAA", value: "7", original: "7",
            failure: "crashed with SIGILL while running the case:\nFatal error: Index out of range", shrinkSteps: 1,
            isNew: true)
        let lines = FuzzCommand.lines(for: outcome).joined(separator: "\n").split(separator: "\n")
        #expect(lines.contains("      Failure: crashed with SIGILL while running the case:"))
        #expect(lines.contains("        Fatal error: Index out of range"))
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("      ") })
    }

    /// A case no shrinker tried a candidate for says nothing of shrinking, as `tally check` prints it; with
    /// a reason it was not shrunk, that alone. Before, both read "shrunk in 0 steps", the second followed
    /// by "not shrunk".
    @Test func aCaseNotShrunkDoesNotSayItWasShrunk() {
        func heading(steps: Int?, note: String?) -> String? {
            var outcome = FuzzPropertyOutcome(name: "toy/traps", cases: 1, seconds: 1, labels: [:])
            outcome.finding = FuzzFinding(
                kind: .crash, token: "8a011ca5.AQEBZAA", value: "(not known)", original: "(not known)",
                failure: "crashed", shrinkSteps: steps, shrinkNote: note, isNew: true)
            return FuzzCommand.lines(for: outcome).dropFirst().first
        }
        #expect(heading(steps: nil, note: nil) == "      Counterexample:")
        #expect(
            heading(steps: nil, note: "not shrunk: stopped at the time budget")
                == "      Counterexample (not shrunk: stopped at the time budget):")
        #expect(heading(steps: 0, note: nil) == "      Counterexample (shrunk in 0 steps):")
        #expect(
            heading(steps: 1, note: "shrinking stopped at the time budget")
                == "      Counterexample (shrunk in 1 step; shrinking stopped at the time budget):")
    }
}
