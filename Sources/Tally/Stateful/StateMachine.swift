/// Model-based testing of a stateful system: random sequences of commands run against the real system
/// and a simple model, compared after every step.
///
/// Each ``Command`` has a precondition on the model, an argument generator that may depend on the model
/// (to pick an existing hold, say), a model transition, and an action on the system that checks its
/// answer against the model. Tally draws a program of up to `maxSteps` commands, runs it, and on a
/// failure shrinks the program — dropping commands and simplifying arguments — through the choice
/// sequence, with no shrinking code of yours. The counterexample prints as a numbered list of commands
/// with the model's state after each, and replays from a token like any property.
///
/// ```swift
/// let machine = StateMachine(
///     "card account", model: CardModel(), system: { CardAuthorizationService() },
///     commands: [deposit, authorize, capture, release],
///     invariant: { model, system in try ensureEqual(await system.snapshot.available, model.available, "available") })
/// let property = machine.property
/// ```
public struct StateMachine<Model: Sendable & CustomStringConvertible, System>: Sendable {
    /// The property's identity.
    public let id: String
    let model: Model
    let makeSystem: @Sendable () async -> System
    let commands: [Command<Model, System>]
    let invariant: @Sendable (Model, System) async throws -> Void
    let maxSteps: Int
    let fileID: String
    let line: Int

    /// A state machine over `commands`, starting from `model` and a fresh system from `system`, checking
    /// `invariant` after every step.
    public init(
        _ id: String, model: Model, system: @escaping @Sendable () async -> System,
        commands: [Command<Model, System>], maxSteps: Int = 20,
        fileID: String = #fileID, line: Int = #line,
        invariant: @escaping @Sendable (Model, System) async throws -> Void = { _, _ in }
    ) {
        self.fileID = fileID
        self.line = line
        self.id = id
        self.model = model
        self.makeSystem = system
        self.commands = commands
        self.invariant = invariant
        self.maxSteps = maxSteps
    }

    /// Programs of commands, each step drawn given the model's state so far.
    public var programs: Gen<Program<Model, System>> {
        let commands = self.commands, start = self.model, maxSteps = self.maxSteps
        return Gen { source in
            var model = start
            var steps: [Program<Model, System>.Step] = []
            // While searching, most programs run to the full length: bugs hide in long sequences, and
            // the shrinker removes what is not needed.
            let target = !source.isRandom ? 0 : (source.random.next() & 3 == 0 ? Int(source.random.next(upTo: UInt64(maxSteps))) : maxSteps)
            while steps.count < maxSteps {
                source.beginSpan()
                defer { source.endSpan() }
                guard source.draw(upTo: 1, forcing: steps.count < target ? 1 : 0) == 1 else { break }
                let enabled = commands.filter { $0.isEnabled(model) }
                guard !enabled.isEmpty else { break }
                let command = enabled[Int(source.draw(upTo: UInt64(enabled.count - 1)))]
                let step = command.draw(model, &source)
                model = step.model
                steps.append(step)
            }
            return Program(start: start, steps: steps)
        }
    }

    /// The state machine as a property: run each program, checking postconditions and the invariant
    /// after every step.
    public var property: Property {
        let makeSystem = self.makeSystem, invariant = self.invariant
        return Property(id, programs, fileID: fileID, line: line) { (program: Program<Model, System>) async throws in
            let system = await makeSystem()
            try await invariant(program.start, system)
            for (index, step) in program.steps.enumerated() {
                do {
                    try await step.run(system)
                    try await invariant(step.model, system)
                } catch let failure as PropertyFailure {
                    throw PropertyFailure("step \(index + 1), \(step.description): \(failure.message)", fileID: failure.fileID, line: failure.line)
                } catch {
                    throw PropertyFailure("step \(index + 1), \(step.description): threw \(prettyDescription(of: error))")
                }
            }
        }
    }
}

/// One kind of step of a ``StateMachine``.
public struct Command<Model: Sendable, System>: Sendable {
    /// The command's name, as counterexamples print it.
    public let name: String
    let isEnabled: @Sendable (Model) -> Bool
    let draw: @Sendable (Model, inout ChoiceSource) -> Program<Model, System>.Step

    /// A command named `name`, enabled when `precondition` holds, with arguments from `arguments`; `next`
    /// is the model's transition and `run` performs the command on the system and checks its answer
    /// against the model after the step (throw, for example with ``ensureEqual(_:_:_:fileID:line:)``).
    public init<Arguments: Generator>(
        _ name: String,
        when precondition: @escaping @Sendable (Model) -> Bool = { _ in true },
        arguments: @escaping @Sendable (Model) -> Arguments,
        next: @escaping @Sendable (Model, Arguments.Value) -> Model,
        run: @escaping @Sendable (System, Arguments.Value, _ expected: Model) async throws -> Void
    ) where Arguments.Value: Sendable {
        self.name = name
        self.isEnabled = precondition
        self.draw = { model, source in
            let argument = arguments(model).generate(&source)
            let after = next(model, argument)
            return Program<Model, System>.Step(
                description: "\(name)(\(prettyDescription(of: argument)))", model: after,
                run: { system in try await run(system, argument, after) })
        }
    }
}

/// A drawn sequence of commands, with the model's state after each.
public struct Program<Model: Sendable, System>: Sendable, CustomStringConvertible {
    /// One command with its arguments.
    public struct Step: Sendable {
        /// `name(arguments)`.
        public let description: String
        /// The model after the step.
        public let model: Model
        let run: @Sendable (System) async throws -> Void
    }

    /// The model before the first step.
    public let start: Model
    /// The steps, in order.
    public let steps: [Step]

    /// The numbered list of commands, each with the model's state after it.
    public var description: String {
        guard !steps.isEmpty else { return "(no commands) from \(start)" }
        return (["start: \(start)"] + steps.enumerated().map { "\($0.offset + 1). \($0.element.description)  →  \($0.element.model)" })
            .joined(separator: "\n")
    }
}
