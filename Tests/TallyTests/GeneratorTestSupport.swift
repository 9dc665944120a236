@testable import Tally

/// Draws `count` values from a seeded source, each with the choices that made it.
func samples<Value>(_ generator: Gen<Value>, count: Int = 1000, seed: UInt64 = 7) -> [(value: Value, choices: ChoiceSequence)] {
    var source = ChoiceSource(seed: seed)
    return (0..<count).map { _ in
        source.restart()
        let value = generator.generate(&source)
        return (value, source.sequence)
    }
}

/// The value that replaying `choices` through `generator` makes.
func replay<Value>(_ generator: Gen<Value>, _ choices: ChoiceSequence) -> Value {
    var source = ChoiceSource(replaying: choices)
    return generator.generate(&source)
}

/// Whether every sample replays to an equal value.
func replaysExactly<Value: Equatable>(_ generator: Gen<Value>, seed: UInt64 = 7) -> Bool {
    samples(generator, count: 300, seed: seed).allSatisfy { replay(generator, $0.choices) == $0.value }
}
