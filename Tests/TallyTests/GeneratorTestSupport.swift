@testable import Tally

/// Draws `count` values from a seeded source, each with the choices that made it.
func samples<Cases: Generator>(_ generator: Cases, count: Int = 1000, seed: UInt64 = 7) -> [(value: Cases.Value, choices: ChoiceSequence)] {
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
