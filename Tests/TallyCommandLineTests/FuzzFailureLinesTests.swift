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
}
