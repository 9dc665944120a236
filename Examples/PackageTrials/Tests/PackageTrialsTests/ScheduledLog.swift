import Synchronization
import TrialSupport

/// What the tasks of one scheduled run write down as they go: shared by the producers, consumers and
/// sources of the async-algorithms trials, read once the run is over. The scheduler runs one job at a
/// time, so the lock is never contended; it is there because the compiler cannot know that.
final class ScheduledLog<State: Sendable>: Sendable {
    private let state: Mutex<State>

    init(_ state: State) {
        self.state = Mutex(state)
    }

    func update<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { body(&$0) }
    }

    var current: State {
        state.withLock { $0 }
    }
}

/// A scenario drawn for a scheduled trial and the run of it: the plan is shown beside the outcome and
/// the schedule, so a shrunk counterexample says what ran, not only what came out.
struct ScheduledScenario<Plan: Sendable & CustomStringConvertible, Outcome>: CustomStringConvertible {
    let plan: Plan
    let run: Interleaving<Outcome>

    var description: String { "\(plan)\n\(run)" }
}

extension Gen {
    /// Draws a plan, then runs `operation` of it under Tally's scheduler.
    static func scheduled<Plan: Sendable & CustomStringConvertible, Outcome>(
        _ plans: Gen<Plan>, maxSteps: Int = 10_000, _ operation: @escaping @Sendable (Plan) async -> Outcome
    ) -> Gen<ScheduledScenario<Plan, Outcome>> where Value == ScheduledScenario<Plan, Outcome> {
        plans.flatMap { plan in
            Gen<Interleaving<Outcome>>.interleaving(maxSteps: maxSteps) { await operation(plan) }
                .map { ScheduledScenario(plan: plan, run: $0) }
        }
    }
}

/// Yields `count` times: lets the scheduler put up to `count` other jobs before what comes next.
func yield(times count: Int) async {
    for _ in 0..<count { await Task.yield() }
}
