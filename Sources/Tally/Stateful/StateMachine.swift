/// Model-based testing of a stateful system: random sequences of commands run against the real system
/// and a simple model, compared after every step (see <doc:StatefulTesting>).
///
/// Tally draws a program of up to `maxSteps` enabled ``Command``s, runs it, and on a failure shrinks the
/// program — dropping commands and simplifying arguments — through the choice sequence. The
/// counterexample prints as a numbered list of commands with the model's state after each.
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
            Program(start: start, steps: Self.drawSteps(commands, from: start, upTo: maxSteps, &source))
        }
    }

    /// Up to `maxSteps` steps of enabled commands from `start`, each drawn given the model's state so far.
    /// While searching, three programs in four run to the full length (bugs hide in long sequences, and
    /// the shrinker removes what is not needed) unless `favoringFullLength` is false, when every length
    /// is as likely.
    static func drawSteps(
        _ commands: [Command<Model, System>], from start: Model, upTo maxSteps: Int, favoringFullLength: Bool = true,
        _ source: inout ChoiceSource
    ) -> [Program<Model, System>.Step] {
        var model = start
        var steps: [Program<Model, System>.Step] = []
        let target =
            !source.isRandom
            ? 0
            : favoringFullLength && source.random.next() & 3 != 0
                ? maxSteps : Int(source.random.next(upTo: UInt64(maxSteps)))
        // A swarm case leaves some kinds of command off for the whole program (see ``SwarmAlternatives``);
        // each command draws its arguments in a scope of its own, the same at every step (see ``SwarmPlace``).
        let site = source.takeSwarmSite().map { $0 ^ SwarmAlternatives.commandSite }
        let switchedOn = source.swarmAlternatives(count: commands.count, site: site)
        let outer = source.swarmPlace
        defer { source.swarmPlace = outer }
        while steps.count < maxSteps {
            source.beginSpan()
            defer { source.endSpan() }
            guard source.draw(upTo: 1, forcing: steps.count < target ? 1 : 0) == 1 else { break }
            let enabled = commands.indices.filter { commands[$0].isEnabled(model) }
            guard !enabled.isEmpty else { break }
            let index = source.drawEnabled(enabled, among: commands.count, on: switchedOn)
            let command = commands[index]
            _ = source.enterSwarmScope(ofAlternative: index, at: site)
            let step = command.draw(model, &source)
            model = step.model
            steps.append(step)
        }
        return steps
    }

    /// The state machine as a property: run each program, checking postconditions and the invariant
    /// after every step.
    public var property: Property {
        return Property(id, programs, fileID: fileID, line: line) { [self] program async throws in
            let system = await makeSystem()
            try await invariant(program.start, system)
            for (index, step) in program.steps.enumerated() {
                do {
                    try await step.run(system)
                    try await invariant(step.model, system)
                } catch {
                    throw failure("step \(index + 1), \(step.description): ", error)
                }
            }
        }
    }

    /// `error` with `context` before its message, at its own place or else at the machine's declaration.
    func failure(_ context: String, _ error: any Error) -> PropertyFailure {
        guard let failure = error as? PropertyFailure else {
            return PropertyFailure(context + "threw \(prettyDescription(of: error))", fileID: fileID, line: line)
        }
        return PropertyFailure(context + failure.message, fileID: failure.fileID, line: failure.line)
    }
}
