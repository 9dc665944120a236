import ClaimsSpec
import Testing

/// A planted bug, the property that must catch it under the default budget (100 cases, the property's
/// own seed), and what its shrunk counterexample must show: which check failed and by how many cents
/// (the start of its failure), how many claim lines it takes, that no amount in it reaches a dollar,
/// and the words that say what kind of case it is. Not the one case a seed happens to reach: a better
/// search may reach another case of the same shape.
struct PlantedBug: Sendable, CustomTestStringConvertible {
    var engine: ClaimsEngine, property: String
    /// The start of the failure: the check, and the amounts it compares.
    var failure: String
    /// Claim lines in the shrunk case: the fewest that show the bug.
    var claimLines: Int
    /// Words the shrunk case must show, such as the cost sharing rule the bug needs.
    var shows: [String] = []
    var testDescription: String { "\(engine.name), caught by \(property)" }

    /// Records an issue unless the property catches the bug and shrinks it as described.
    func isCaughtAndShrunk() async throws {
        let example = try await ClaimsMutantTests.counterexample(engine, property)
        Self.expectSmall(example.value, claimLines: claimLines)
        #expect(example.failure.hasPrefix(failure), "\(example.failure)")
        for word in shows { #expect(example.value.contains(word), "\(example.value)") }
    }

    /// Records an issue unless `value` has `claimLines` claim lines and no amount of a dollar or more: a
    /// counterexample shrunk to the cent.
    static func expectSmall(_ value: String, claimLines: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(value.matches(of: /allowed:? \$/).count == claimLines, "\(value)", sourceLocation: sourceLocation)
        let amounts = value.matches(of: /\$(\d+)\.(\d\d)/).compactMap { Int($0.1 + $0.2) }
        #expect(
            !amounts.isEmpty && amounts.allSatisfy { $0 < 100 }, "an amount of a dollar or more: \(value)",
            sourceLocation: sourceLocation)
    }
}
