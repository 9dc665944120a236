import ClaimsSpec
import Testing

/// A planted bug, the property that must catch it under the default budget (100 cases, the property's
/// own seed), and the case it must shrink to, compared whole, with the start of its failure.
struct PlantedBug: Sendable, CustomTestStringConvertible {
    var engine: ClaimsEngine, property: String, shrunk: String, failure: String
    var testDescription: String { "\(engine.name), caught by \(property)" }

    /// Records an issue unless the property catches the bug and shrinks it to ``shrunk``.
    func isCaughtAndShrunk() async throws {
        let example = try await ClaimsMutantTests.counterexample(engine, property)
        #expect(example.value == shrunk)
        #expect(example.failure.hasPrefix(failure), "\(example.failure)")
    }
}
