/// The parallel form of a ``StateMachine``: a sequential prefix, then two or three clients each running
/// a short list of commands at the same time under Tally's scheduler, with every response checked for
/// linearizability against the model (see <doc:TestingConcurrentCode>).
///
/// A run holds only when some sequential order of the calls, consistent with which finished before
/// another started, explains every response and leaves the invariant holding. A failure shrinks by
/// removing commands, clients and scheduling choices, and prints as a table of steps per client.
/// Its commands must be the kind that return a response (``Command/init(_:when:arguments:model:run:)``).
public struct ParallelStateMachine<Model: Sendable & CustomStringConvertible, System: Sendable>: Sendable {
    let machine: StateMachine<Model, System>
    let clients: ClosedRange<Int>
    let prefixLength: Int
    let commandsPerClient: Int
    let strategy: SchedulingStrategy

    /// The property's identity: the machine's, `(concurrent clients)` added.
    public var id: String { machine.id + " (concurrent clients)" }

    /// Parallel programs, each run under the scheduler.
    public var runs: Gen<ParallelRun<Model, System>> {
        let machine = self.machine, clients = self.clients, prefixLength = self.prefixLength
        let commandsPerClient = self.commandsPerClient, strategy = self.strategy
        return Gen { source in
            // The prefix and every client draw their commands at one place, so that a swarm case leaves
            // the same kinds of command off in all of them (see ``SwarmPlace``).
            let place = source.swarmPlace
            // A short prefix is as likely as a long one: the clients' race matters more than the history.
            let prefix = StateMachine.drawSteps(
                machine.commands, from: machine.model, upTo: prefixLength, favoringFullLength: false, &source)
            let program = ParallelProgram(
                start: machine.model, prefix: prefix,
                clients: Self.drawClients(
                    machine.commands, from: prefix.last?.model ?? machine.model, clients, commandsPerClient, place,
                    &source))
            let interleaving = Gen.interleaving(strategy: strategy) { await Self.execute(program, machine) }.generate(
                &source)
            return ParallelRun(program: program, interleaving: interleaving, fileID: machine.fileID, line: machine.line)
        }
    }

    /// The parallel form as a property: each run must be linearizable.
    public var property: Property {
        let unanswered = machine.commands.filter { !$0.hasResponse }.map(\.name)
        guard unanswered.isEmpty else {
            let message = """
                \(unanswered.map { "\"\($0)\"" }.joined(separator: ", ")) \
                cannot run concurrently: declare each command \
                with `model:` and a `run:` that returns the system's response, so Tally can check responses in any order
                """
            return Property(id, Gen.constant(()), fileID: machine.fileID, line: machine.line) { _ in
                throw PropertyFailure(message)
            }
        }
        return Property(id, runs, fileID: machine.fileID, line: machine.line) { run in try run.check() }
    }

    private static func drawClients(
        _ commands: [Command<Model, System>], from model: Model, _ clients: ClosedRange<Int>, _ length: Int,
        _ place: SwarmPlace, _ source: inout ChoiceSource
    ) -> [[Program<Model, System>.Step]] {
        let count = clients.lowerBound + Int(source.draw(upTo: UInt64(clients.upperBound - clients.lowerBound)))
        return (0..<count).map { _ in
            source.beginSpan()
            defer { source.endSpan() }
            source.swarmPlace = place
            return StateMachine.drawSteps(commands, from: model, upTo: length, &source)
        }
    }

    /// Runs the prefix, then the clients at once, then looks for an order that explains their calls.
    private static func execute(_ program: ParallelProgram<Model, System>, _ machine: StateMachine<Model, System>) async
        -> ParallelOutcome<Model>
    {
        var outcome = ParallelOutcome<Model>()
        let system = await machine.makeSystem()
        for (index, step) in program.prefix.enumerated() {
            do { try await step.run(system) } catch {
                outcome.prefixFailure = machine.failure("prefix step \(index + 1), \(step.description): ", error)
                return outcome
            }
        }
        let recorder = HistoryRecorder()
        await withTaskGroup(of: Void.self) { group in
            for (client, steps) in program.clients.enumerated() {
                group.addTask {
                    for (index, step) in steps.enumerated() {
                        let call = recorder.invoke(client: client, step: index)
                        do {
                            recorder.respond(call, .success(try await step.call!.perform(system)))
                        } catch {
                            let thrown = ThrownError(description: PropertyFailure.describe(error))
                            return recorder.respond(call, .failure(thrown))
                        }
                    }
                }
            }
        }
        outcome.calls = recorder.calls
        guard outcome.calls.allSatisfy({ if case .success? = $0.response { true } else { false } }) else {
            return outcome
        }
        let search = Linearizability(
            calls: outcome.calls, expectations: outcome.calls.map { program.clients[$0.client][$0.step].call!.expect })
        switch search.check(from: program.afterPrefix, limit: 1) {
        case .failure(let error):
            outcome.disagreement = error.disagreement
        case .success(let first):
            // The run holds when the invariant holds after some order that explains it: usually the first
            // one found; else one leading to another final model (up to 16 are tried).
            if await invariantHolds(after: first[0], machine, system, &outcome) { break }
            for order in ((try? search.check(from: program.afterPrefix, limit: 16).get()) ?? []).dropFirst() {
                if await invariantHolds(after: order, machine, system, &outcome) { break }
            }
        }
        return outcome
    }

    /// Checks the invariant after `order`; keeps the first failure, clears it when the invariant holds.
    private static func invariantHolds(
        after order: Linearizability<Model>.Order, _ machine: StateMachine<Model, System>, _ system: System,
        _ outcome: inout ParallelOutcome<Model>
    ) async -> Bool {
        do {
            try await machine.invariant(order.model, system)
            outcome.invariantFailure = nil
            return true
        } catch {
            if outcome.invariantFailure == nil {
                let context = "after the concurrent calls, in an order that explains them: "
                outcome.invariantFailure = machine.failure(context, error)
            }
            return false
        }
    }
}

extension StateMachine where System: Sendable {
    /// The machine's parallel form: up to `prefix` commands one after another, then `clients` clients
    /// each running up to `commandsPerClient` commands at the same time, under Tally's scheduler.
    public func parallel(
        clients: ClosedRange<Int> = 2...3, prefix: Int = 3, commandsPerClient: Int = 3,
        strategy: SchedulingStrategy = .random
    ) -> ParallelStateMachine<Model, System> {
        precondition(clients.lowerBound >= 1, "a parallel program has at least one client")
        return ParallelStateMachine(
            machine: self, clients: clients, prefixLength: prefix, commandsPerClient: commandsPerClient,
            strategy: strategy)
    }
}
