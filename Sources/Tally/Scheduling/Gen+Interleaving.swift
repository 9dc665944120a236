extension Gen {
    /// Runs `operation` under Tally's deterministic scheduler and makes the run — its outcome and the
    /// order its jobs ran in — the generated value.
    ///
    /// Every job of the operation (its tasks, child tasks, actor hops under contention, `Task.yield()`,
    /// continuations resumed by other tasks, `Task.sleep` on a virtual clock) waits in Tally's ready
    /// queue, and each time several are ready a choice picks the next one. The choices are part of the
    /// case's choice sequence: a failing interleaving shrinks (toward first-in-first-out order, choice 0
    /// being the oldest job) and its replay token replays it exactly.
    ///
    /// ```swift
    /// actor Counter {
    ///     var value = 0
    ///     func increment() async {
    ///         let read = value
    ///         await Task.yield()       // a suspension point: another task may run here
    ///         value = read + 1
    ///     }
    /// }
    ///
    /// let lostUpdate = Property("two increments count two", Gen.interleaving { () async -> Int in
    ///     let counter = Counter()
    ///     async let first: Void = counter.increment()
    ///     async let second: Void = counter.increment()
    ///     _ = await (first, second)
    ///     return await counter.value
    /// }) { run in
    ///     try ensureEqual(try run.outcome, 2, "the count")
    /// }
    /// ```
    ///
    /// Check the outcome in the property's body: the operation runs while the case is generated. (An
    /// `#expect` inside the operation is caught and fails the case through ``Interleaving/outcome``.)
    /// Work that leaves Swift concurrency (Dispatch, threads, the main actor, real I/O) escapes the
    /// scheduler; the run then reports it through ``Interleaving/outcome`` too. `label` and `cover`
    /// count only in the body.
    ///
    /// - Parameters:
    ///   - strategy: How orders are explored while searching (``SchedulingStrategy/random`` by default).
    ///   - maxSteps: The most jobs one run may take before it is reported as never finishing.
    ///   - operation: The concurrent code under test; it returns what the property checks.
    public static func interleaving<Outcome>(
        strategy: SchedulingStrategy = .random, maxSteps: Int = 10_000,
        _ operation: @escaping @Sendable () async -> Outcome
    ) -> Gen<Interleaving<Outcome>> where Value == Interleaving<Outcome> {
        Gen { source in Scheduler.run(operation, strategy: strategy, maxSteps: maxSteps, source: &source) }
    }
}
