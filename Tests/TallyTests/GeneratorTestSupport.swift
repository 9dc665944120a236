import Foundation
import Testing

@testable import Tally

/// Draws `count` values from a seeded source, each with the choices that made it.
func samples<Cases: Generator>(_ generator: Cases, count: Int = 1000, seed: UInt64 = 7) -> [(
    value: Cases.Value, choices: ChoiceSequence
)] {
    var source = ChoiceSource(seed: seed)
    return (0..<count).map { _ in
        source.restart()
        let value = generator.generate(&source)
        return (value, source.sequence)
    }
}

/// The value that replaying `choices` through `generator` makes.
func replay<Cases: Generator>(_ generator: Cases, _ choices: ChoiceSequence) -> Cases.Value {
    var source = ChoiceSource(replaying: choices)
    return generator.generate(&source)
}

/// Whether every sample replays to an equal value.
func replaysExactly<Cases: Generator>(_ generator: Cases, seed: UInt64 = 7) -> Bool where Cases.Value: Equatable {
    samples(generator, count: 300, seed: seed).allSatisfy { replay(generator, $0.choices) == $0.value }
}

/// Draws `count` cases as the search does (no choices kept) from `seed`, and checks that each is of the
/// same kind when drawn again from its start, makes the same value there, and replays from the choices
/// it made: so a failing case of any kind regenerates exactly. Returns how many cases `isOfTheKind` held for.
func casesOfAKind<Cases: Generator>(
    _ generator: Cases, seed: UInt64, count: Int, _ isOfTheKind: (ChoiceSource) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
    var ofTheKind = 0
    for index in 0..<count {
        source.startCase(slot: index, size: nil)
        let start = source.randomState
        var again = ChoiceSource(random: start)
        #expect(isOfTheKind(again) == isOfTheKind(source), sourceLocation: sourceLocation)
        if isOfTheKind(source) { ofTheKind += 1 }
        let value = String(describing: generator.generate(&source))
        #expect(String(describing: generator.generate(&again)) == value, sourceLocation: sourceLocation)
        #expect(String(describing: replay(generator, again.sequence)) == value, sourceLocation: sourceLocation)
    }
    return ofTheKind
}

/// The cases per property a `forAll` runs under `swift test` when its test sets `iterations` (or nothing:
/// 100): the user's `TALLY_ITERATIONS` applies on top, so a test counting cases must not assume its own.
func casesPerProperty(iterations: Int = RunConfiguration().iterations) -> Int {
    (try? RunConfiguration.fromEnvironment(
        base: {
            var base = RunConfiguration(); base.iterations = iterations; return base
        }()))?.iterations ?? iterations
}

extension Trait where Self == ConditionTrait {
    /// Skips a test of `forAll` itself when the user's `TALLY_PROPERTY` or `TALLY_REPLAY` chooses which
    /// properties run: the test's own property would not run, and Swift Testing says why it was skipped.
    static var propertiesUnchosen: Self {
        .enabled("TALLY_PROPERTY or TALLY_REPLAY chooses the properties that run") {
            let environment = ProcessInfo.processInfo.environment
            return environment["TALLY_PROPERTY"] == nil && environment["TALLY_REPLAY"] == nil
        }
    }
}
