/// Runs an asynchronous operation with every job under Tally's control, one at a time on the calling
/// thread, in an order drawn from the choice sequence; when nothing is ready or asleep and the operation
/// is unfinished, it waits ``stallTimeout`` for a job from outside before giving up.
///
/// Running on the calling thread is what tells this run's jobs from those of tests running in parallel:
/// a job enqueued from this thread while it drives comes from a job of this run. A cooperative thread
/// stays blocked for the length of the run, typically tens of microseconds.
enum Scheduler {
    /// How long a run with nothing to do waits for a job from outside before reporting a stall.
    static let stallTimeout: Duration = .milliseconds(500)

    static func run<Outcome>(
        _ operation: @escaping @Sendable () async -> Outcome,
        strategy: SchedulingStrategy, maxSteps: Int, source: inout ChoiceSource
    ) -> Interleaving<Outcome> {
        let executor = ControlledExecutor()
        let result = RunResult<(value: Outcome, issues: [IssuesInOperation.Recorded])>()
        var picker = SchedulePicker(strategy: strategy)
        var steps: [ScheduleStep] = []
        var problem: SchedulingProblem?
        var firstArrival: Int?
        source.beginSpan()
        executor.begin()
        // The root task copies the case's task-locals, except the statistics: labels given while a case
        // is generated would count for the case before it.
        CaseStatistics.$current.withValue(nil) {
            _ = Task(executorPreference: executor) { result.finish(await IssuesInOperation.collect(operation)) }
        }
        while true {
            if executor.absorbArrivals(), firstArrival == nil { firstArrival = steps.count }
            if executor.ready.isEmpty {
                if executor.wakeNextSleepers() { continue }
                if result.isFinished { break }
                if executor.waitForArrival(timeout: stallTimeout) {
                    if firstArrival == nil { firstArrival = steps.count }
                    continue
                }
                problem = .stalled(afterStep: steps.count, timeout: stallTimeout)
                break
            }
            guard steps.count < maxSteps else {
                problem = .stepLimit(maxSteps)
                break
            }
            let count = executor.ready.count
            let index = picker.pick(among: executor.ready, &source)
            let task = executor.runJob(at: index)
            steps.append(ScheduleStep(task: task, ready: count, picked: index))
        }
        let arrivals = executor.end()
        source.endSpan()
        if problem == nil, arrivals > 0 { problem = .escaped(afterStep: firstArrival ?? steps.count) }
        return Interleaving(
            result: result.value?.value, issues: result.value?.issues ?? [], problem: problem, steps: steps)
    }
}

/// An operation's result, written by its task and read where it was started, never at the same time
/// (by the scheduler on the same thread, or after an issue-handling scope in the same task).
final class RunResult<Outcome>: @unchecked Sendable {
    private(set) var value: Outcome?
    private(set) var isFinished = false

    func finish(_ value: Outcome) {
        self.value = value
        isFinished = true
    }
}

/// Picks the next job: a recorded choice among the ready jobs, drawn uniformly or by PCT.
private struct SchedulePicker {
    let strategy: SchedulingStrategy
    private var decisions = 0
    private var priorities: PriorityChanges?

    init(strategy: SchedulingStrategy) {
        self.strategy = strategy
    }

    mutating func pick(among ready: [ControlledExecutor.ReadyJob], _ source: inout ChoiceSource) -> Int {
        guard ready.count > 1 else { return 0 }
        defer { decisions += 1 }
        let bound = UInt64(ready.count - 1)
        guard source.isRandom, case .priorityChanges(let depth, let horizon) = strategy.kind else {
            return Int(source.draw(upTo: bound))
        }
        if priorities == nil { priorities = PriorityChanges(depth: depth, horizon: horizon, random: &source.random) }
        let chosen = priorities!.choose(among: ready.map(\.task), decision: decisions, random: &source.random)
        return Int(source.draw(upTo: bound, forcing: UInt64(chosen)))
    }
}
