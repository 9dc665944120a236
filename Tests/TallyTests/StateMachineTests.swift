import Testing

@testable import Tally

/// A counter that should never go below zero, and a buggy one that does.
actor Counter {
    var value = 0
    let clamps: Bool
    init(clamps: Bool) { self.clamps = clamps }
    func increment() { value += 1 }
    func decrement() { value = clamps ? max(value - 1, 0) : value - 1 }
}

struct CounterModel: Sendable, CustomStringConvertible {
    var value = 0
    var description: String { "value \(value)" }
}

@Suite struct StateMachineTests {
    static func machine(clamps: Bool) -> StateMachine<CounterModel, Counter> {
        let increment = Command<CounterModel, Counter>(
            "increment", arguments: { _ in Gen.bool },
            next: { model, _ in CounterModel(value: model.value + 1) },
            run: { counter, _, _ in await counter.increment() })
        let decrement = Command<CounterModel, Counter>(
            "decrement", arguments: { _ in Gen.bool },
            next: { model, _ in CounterModel(value: max(model.value - 1, 0)) },
            run: { counter, _, _ in await counter.decrement() })
        return StateMachine(
            "counter", model: CounterModel(), system: { Counter(clamps: clamps) }, commands: [increment, decrement]
        ) { model, counter in
            try ensureEqual(await counter.value, model.value, "counter value")
        }
    }

    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    @Test func correctSystemAgreesWithItsModel() async {
        #expect(await Self.machine(clamps: true).property.check(Self.configuration).passed)
    }

    @Test func bugShrinksToTheShortestSequenceAndPrintsEachState() async throws {
        let example = try #require(await Self.machine(clamps: false).property.check(Self.configuration).counterexample)
        #expect(example.value == "start: value 0\n1. decrement(false)  →  value 0")
        #expect(example.failure.hasPrefix("step 1, decrement(false): counter value: got -1, expected 0"))
    }

    @Test func programsRespectPreconditionsAndLength() {
        let guarded = Command<CounterModel, Counter>(
            "decrement", when: { $0.value > 0 }, arguments: { _ in Gen.bool },
            next: { model, _ in CounterModel(value: model.value - 1) },
            run: { counter, _, _ in await counter.decrement() })
        let increment = Command<CounterModel, Counter>(
            "increment", arguments: { _ in Gen.bool },
            next: { model, _ in CounterModel(value: model.value + 1) },
            run: { counter, _, _ in await counter.increment() })
        let machine = StateMachine(
            "guarded", model: CounterModel(), system: { Counter(clamps: false) }, commands: [guarded, increment],
            maxSteps: 5)
        for (program, _) in samples(machine.programs, count: 300) {
            #expect(program.steps.count <= 5)
            #expect(program.steps.allSatisfy { $0.model.value >= 0 })
        }
    }
}
