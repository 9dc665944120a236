import Foundation

/// The properties still to fuzz, handed to `jobs` threads one at a time with their share of the time
/// left, and the outcomes of those done.
final class FuzzJobQueue: @unchecked Sendable {
    private let plans: [FuzzJob]
    private let budget: FuzzBudget
    private let jobs: Int
    private let lock = NSLock()
    private var next = 0
    private var results: [FuzzPropertyOutcome?]

    private init(_ plans: [FuzzJob], budget: FuzzBudget, jobs: Int) {
        self.plans = plans
        self.budget = budget
        self.jobs = jobs
        results = Array(repeating: nil, count: plans.count)
    }

    /// Runs `jobs` plans at a time, each on a thread of its own (workers are watched with blocking
    /// reads; see ``onThreads(_:_:)``). A plan that cannot start before the budget is spent is reported
    /// as not run.
    static func runAll(_ plans: [FuzzJob], jobs: Int, budget: FuzzBudget) async -> [FuzzPropertyOutcome] {
        let queue = FuzzJobQueue(plans, budget: budget, jobs: jobs)
        await onThreads(min(jobs, plans.count)) {
            while let (index, share) = queue.take() {
                queue.finish(index, plans[index].run(share: share))
            }
        }
        return queue.outcomes
    }

    /// The next plan and its search time; `nil` when none is left or the budget is spent.
    private func take() -> (index: Int, share: Double?)? {
        lock.withLock {
            guard next < results.count, !budget.isSpent() else { return nil }
            defer { next += 1 }
            return (next, budget.share(left: results.count - next, jobs: jobs))
        }
    }

    private func finish(_ index: Int, _ outcome: FuzzPropertyOutcome) {
        lock.withLock { results[index] = outcome }
    }

    private var outcomes: [FuzzPropertyOutcome] {
        lock.withLock {
            results.enumerated().map { index, outcome in
                outcome ?? FuzzPropertyOutcome(
                    name: plans[index].name,
                    notRun: budget.stopSignal.map { "the run was stopped by \(StopSignals.name($0)) before it started" }
                        ?? "the time budget was spent before it started")
            }
        }
    }
}

/// Runs async work from a plain thread and waits for it.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let semaphore = DispatchSemaphore(value: 0)
    let box = LockedValue<T?>(nil)
    Task.detached {
        let value = await work()
        box.withLock { $0 = value }
        semaphore.signal()
    }
    semaphore.wait()
    return box.withLock { $0 }!
}
