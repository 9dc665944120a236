import Foundation
import TallyTestSupport
import Testing

/// A bug that traps shrinks as the same bug thrown: `tally check` and `tally fuzz` shrink a trap in child
/// processes (``CaseRecovery``) to the case, at the cost, that in-process shrinking reaches for the
/// thrown twin (`PlantedTwins`: the product of two prices in 32 bits). `swift test`'s twin of this is
/// `ChildShrinkingTests`. Before, a trap shrank worse: the issue saw `Int32(a) * Int32(b)` end at a pair
/// other than the thrown failure's, after 35 s.
@Suite struct PlantedTwinsTests {
    /// The counterexample and its step count a run of `command` on `property` printed, from seed 5.
    static func shrunk(_ command: [String], _ property: String) async throws -> (value: String, steps: String) {
        try await withTemporaryFolder { folder in
            let run = try await runTally(command + ["--property", property, "--seed", "5"], in: folder)
            let lines = run.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let heading = try #require(lines.firstIndex { $0.hasPrefix("Counterexample (shrunk in ") }, "\(run.out)")
            return (
                lines[heading + 1],
                String(lines[heading].dropFirst("Counterexample (shrunk in ".count).prefix { $0 != " " })
            )
        }
    }

    @Test(arguments: [["check"], ["fuzz", "--cases", "2000"]])
    func aTrapShrinksToTheCaseOfTheSameFailureThrown(command: [String]) async throws {
        let trapped = try await Self.shrunk(command, "planted product traps")
        let thrown = try await Self.shrunk(command, "planted product throws")
        #expect(trapped.value == thrown.value && trapped.steps == thrown.steps, "trap: \(trapped), thrown: \(thrown)")
        #expect(thrown.value == "(21475, 100000)", "the least first price whose product with the greatest leaves Int32")
    }
}
