/// One kind of step of a ``StateMachine``.
///
/// A command either checks its own answer (``init(_:when:arguments:next:run:)``), or returns a
/// response that Tally compares with the one its model predicts
/// (``init(_:when:arguments:model:run:)``). Only the second kind can run in the machine's
/// ``StateMachine/parallel(clients:prefix:commandsPerClient:strategy:)`` form, where a response is
/// checked against the model in whichever order explains the concurrent run.
public struct Command<Model: Sendable, System>: Sendable {
    /// The command's name, as counterexamples print it.
    public let name: String
    let isEnabled: @Sendable (Model) -> Bool
    /// Whether the command returns a response for Tally to compare (and so can run concurrently).
    let hasResponse: Bool
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
        self.hasResponse = false
        self.draw = { model, source in
            let argument = arguments(model).generate(&source)
            let after = next(model, argument)
            return Program<Model, System>.Step(
                describe: { "\(name)(\(prettyDescription(of: argument)))" }, model: after,
                run: { system in try await run(system, argument, after) }, call: nil)
        }
    }

    /// A command whose answer is a `Response`: `model` applies the command to the model and returns the
    /// response it predicts; `run` performs it on the system and returns the system's response. Tally
    /// compares the two — after the step in a sequential program, and in some order consistent with
    /// real time in a parallel one (linearizability), where `model` must answer for every state.
    public init<Arguments: Generator, Response: Equatable & Sendable>(
        _ name: String,
        when precondition: @escaping @Sendable (Model) -> Bool = { _ in true },
        arguments: @escaping @Sendable (Model) -> Arguments,
        model: @escaping @Sendable (inout Model, Arguments.Value) -> Response,
        run: @escaping @Sendable (System, Arguments.Value) async throws -> Response
    ) where Arguments.Value: Sendable {
        self.name = name
        self.isEnabled = precondition
        self.hasResponse = true
        self.draw = { start, source in
            let argument = arguments(start).generate(&source)
            let call = Program<Model, System>.Call(
                perform: { system in CommandResponse(try await run(system, argument)) },
                expect: { before in
                    var after = before
                    let response = model(&after, argument)
                    return (after, CommandResponse(response))
                })
            let (after, expected) = call.expect(start)
            return Program<Model, System>.Step(
                describe: { "\(name)(\(prettyDescription(of: argument)))" }, model: after,
                run: { system in
                    let actual = try await call.perform(system)
                    guard actual == expected else {
                        throw PropertyFailure("answered \(actual), the model expects \(expected)")
                    }
                },
                call: call)
        }
    }

    /// A command that answers nothing but may still run concurrently: `model` applies it to the model
    /// and `run` performs it; its response prints as `done`.
    public init<Arguments: Generator>(
        _ name: String,
        when precondition: @escaping @Sendable (Model) -> Bool = { _ in true },
        arguments: @escaping @Sendable (Model) -> Arguments,
        model transition: @escaping @Sendable (inout Model, Arguments.Value) -> Void,
        run: @escaping @Sendable (System, Arguments.Value) async throws -> Void
    ) where Arguments.Value: Sendable {
        self.init(
            name, when: precondition, arguments: arguments,
            model: { (model: inout Model, argument: Arguments.Value) -> Done in
                transition(&model, argument)
                return Done()
            },
            run: { system, argument in
                try await run(system, argument)
                return Done()
            })
    }
}

/// The response of a command that answers nothing.
struct Done: Hashable, Sendable, CustomStringConvertible {
    var description: String { "done" }
}
