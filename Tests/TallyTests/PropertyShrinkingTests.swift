import Testing

@testable import Tally

/// Shrinking a case found elsewhere (a fuzz worker's search) in this process, as `check` shrinks.
@Suite struct PropertyShrinkingTests {
    /// An optional part the failure does not need, before the value that fails.
    static let property = Property(
        "an unused optional part", Gen.zip(Gen.int(in: 0...100).optional, Gen.int(in: 0...1000))
    ) { _, amount in
        try ensure(amount < 500, "amount < 500")
    }

    static func configuration(shrinks: Bool) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.seed = 1
        configuration.shrinks = shrinks
        return configuration
    }

    @Test func aCaseFoundUnshrunkShrinksToWhatCheckFinds() async throws {
        let found = try #require(await Self.property.check(Self.configuration(shrinks: false)).counterexample)
        let checked = try #require(await Self.property.check(Self.configuration(shrinks: true)).counterexample)
        let outcome = try #require(
            await Self.property.shrink(found.token.choices, configuration: Self.configuration(shrinks: true)))
        #expect(Self.property.describe(outcome.best) == checked.value)
        #expect(checked.value == "(nil, 500)")
        #expect(outcome.failure.hasPrefix("amount < 500"))
        #expect(outcome.interrupted == nil && outcome.budgetExhausted == nil)
    }

    @Test func anInterruptionEndsShrinkingWithTheBestSoFar() async throws {
        let found = try #require(await Self.property.check(Self.configuration(shrinks: false)).counterexample)
        let outcome = try #require(
            await Self.property.shrink(found.token.choices, configuration: Self.configuration(shrinks: true)) {
                "stopped by SIGTERM"
            })
        #expect(outcome.interrupted == "stopped by SIGTERM")
        #expect(outcome.best == found.token.choices)
        #expect(outcome.steps == 0)
    }

    @Test func aCaseThatNoLongerFailsIsNoOutcome() async {
        let passing = ChoiceSequence([0, 10])
        #expect(await Self.property.shrink(passing, configuration: Self.configuration(shrinks: true)) == nil)
    }
}
