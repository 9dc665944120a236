/// The state of one PCT run (see ``SchedulingStrategy/pct(depth:horizon:)``): a random priority per
/// task, and the decisions at which the running task's priority drops.
///
/// Its random numbers come from the case's pseudo-random generator, so regenerating a case from its
/// starting state repeats them; the decisions it makes are recorded as ordinary choices.
struct PriorityChanges {
    private let depth: Int
    /// For each change point, the decision at which it happens; change point `i` lowers the running
    /// task to priority `i + 1`, below every initial priority (which are at least `depth`).
    private let changePoints: [Int]
    private var priorities: [Int: UInt64] = [:]

    init(depth: Int, horizon: Int, random: inout RandomSource) {
        self.depth = depth
        changePoints = (0..<depth - 1).map { _ in Int(random.next(upTo: UInt64(horizon - 1))) }
    }

    /// The index of the job to run among `tasks` (the task of each ready job, oldest first) at the
    /// `decision`-th decision.
    mutating func choose(among tasks: [Int], decision: Int, random: inout RandomSource) -> Int {
        for task in tasks where priorities[task] == nil {
            priorities[task] = UInt64(depth) + random.next(upTo: UInt64(UInt32.max))
        }
        var chosen = highest(tasks)
        for (index, point) in changePoints.enumerated() where point == decision {
            priorities[tasks[chosen]] = UInt64(index + 1)
            chosen = highest(tasks)
        }
        return chosen
    }

    /// The first job of the highest-priority task.
    private func highest(_ tasks: [Int]) -> Int {
        var best = 0
        for index in tasks.indices.dropFirst() where priorities[tasks[index]]! > priorities[tasks[best]]! {
            best = index
        }
        return best
    }
}
