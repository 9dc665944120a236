import Foundation

/// The properties to fuzz, handed to `jobs` threads one at a time with their share of the time left.
enum FuzzJobQueue {
    /// Runs `jobs` plans at a time, each on a thread of its own (workers are watched with blocking
    /// reads; see ``onThreads(_:_:)``). A plan that cannot start before the budget is spent is reported
    /// as not run.
    static func runAll(_ plans: [FuzzJob], jobs: Int, budget: FuzzBudget) async -> [FuzzPropertyOutcome] {
        let state = LockedValue((next: 0, outcomes: [FuzzPropertyOutcome?](repeating: nil, count: plans.count)))
        // The next plan and its search time; `nil` when none is left or the budget is spent.
        @Sendable func take() -> (index: Int, share: Double?)? {
            state.withLock { state in
                guard state.next < plans.count, !budget.isSpent() else { return nil }
                defer { state.next += 1 }
                return (state.next, budget.share(left: plans.count - state.next, jobs: jobs))
            }
        }
        await onThreads(min(jobs, plans.count)) {
            while let (index, share) = take() {
                let outcome = plans[index].run(share: share)
                state.withLock { $0.outcomes[index] = outcome }
            }
        }
        return state.withLock { $0.outcomes }.enumerated().map { index, outcome in
            outcome
                ?? FuzzPropertyOutcome(
                    name: plans[index].name,
                    notRun: budget.stopSignal.map { "the run was stopped by \(StopSignals.name($0)) before it started" }
                        ?? "the time budget was spent before it started")
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
