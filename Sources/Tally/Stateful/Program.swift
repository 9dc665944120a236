/// A drawn sequence of commands, with the model's state after each.
public struct Program<Model: Sendable, System>: Sendable, CustomStringConvertible {
    /// One command with its arguments.
    public struct Step: Sendable {
        /// `name(arguments)`, spelled out only when asked: most steps of a search are never printed.
        public var description: String { describe() }
        let describe: @Sendable () -> String
        /// The model after the step.
        public let model: Model
        let run: @Sendable (System) async throws -> Void
        /// The command as a call with a response, for commands that have one.
        let call: Call?
    }

    /// A step as a response and its prediction, which the parallel form checks in any order.
    struct Call: Sendable {
        /// Performs the step on the system and returns its response.
        let perform: @Sendable (System) async throws -> CommandResponse
        /// Applies the step to a model and returns the model after it and the response it predicts.
        let expect: @Sendable (Model) -> (Model, CommandResponse)
    }

    /// The model before the first step.
    public let start: Model
    /// The steps, in order.
    public let steps: [Step]

    /// The numbered list of commands, each with the model's state after it.
    public var description: String {
        steps.isEmpty ? "(no commands) from \(start)" : Self.listing(start, steps).joined(separator: "\n")
    }

    /// `start: …` then `1. name(arguments)  →  model after it`, one line per step.
    static func listing(_ start: Model, _ steps: [Step]) -> [String] {
        ["start: \(start)"]
            + steps.enumerated().map { "\($0.offset + 1). \($0.element.description)  →  \($0.element.model)" }
    }
}
