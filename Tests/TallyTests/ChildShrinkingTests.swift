import Foundation
import Testing

@testable import Tally

/// Shrinking in child processes (``ChildEvaluator/shrink(_:failure:configuration:counts:interruption:)``)
/// knows each candidate's case as in-process shrinking does, so a trap shrinks as an ordinary failure.
@Suite struct ChildShrinkingTests {
    /// Before, the child answered only pass or fail: the case's span labels, depths and integer shapes
    /// were lost and the shrinker could not replay a candidate's generator before running it, so
    /// "lower and regenerate" could not run and a trap shrank to another case than the same failure
    /// in process, at more evaluations.
    @Test func aTrapShrinksAsFarAndAsCheaplyAsTheSameOrdinaryFailure() async throws {
        let examples = NSTemporaryDirectory() + "tally-child-shrink-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        // (two(60, 70), 5): the alternative with two parts, whose first breaks the property.
        let choices: ChoiceSequence = [1, 60, 70, 5]

        let ordinary = Property("shapes", PlantedTrapProperties.shapes) { parts in
            try ensure(!PlantedTrapProperties.breaks(parts), "an ordinary failure")
        }
        _ = try ExampleStore(directory: examples).save(
            ReplayToken(propertyID: ordinary.id, choices: choices), propertyID: ordinary.id)
        var configuration = RunConfiguration()
        configuration.exampleDirectory = examples
        let inProcess = try #require(await ordinary.check(configuration).counterexample)
        #expect(inProcess.value == "(.one(50), 5)")

        let trapID = "TallyTests/PlantedTrapProperties.swift/shapeTraps()"
        let folder = ExampleStore(directory: examples).folder(for: trapID)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (ReplayToken(propertyID: trapID, choices: choices).description + "\n").write(
            toFile: folder + "/trap-planted.trap", atomically: true, encoding: .utf8)
        let run = try await TrapRecoveryTests.runTests("PlantedTrapProperties/shapeTraps", examples: examples)
        #expect(run.signal == nil && run.status != 0, "the run survives and fails:\n\(run.output)")
        #expect(run.output.contains("crashed with signal"), "\(run.output)")
        let shrunk = try #require(
            TrapRecoveryTests.firstMatch(
                "Counterexample \\(shrunk in \\d+ steps?, (\\d+ attempts?, \\d+ ms\\):\n\\s+.+)\n", in: run.output))
        let lines = shrunk.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.last == inProcess.value, "the same minimum as in process:\n\(run.output)")
        let attempts = try #require(Int(lines[0].prefix { $0.isNumber }))
        #expect(
            attempts <= inProcess.shrinkAttempts + inProcess.shrinkAttempts / 4 + 2,
            "\(attempts) evaluations in children, \(inProcess.shrinkAttempts) in process")
    }
}
