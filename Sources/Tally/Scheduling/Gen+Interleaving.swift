extension Gen {
    /// Runs `operation` under Tally's deterministic scheduler and makes the run — its outcome and the
    /// order its jobs ran in — the generated value; see <doc:TestingConcurrentCode>.
    ///
    /// Each time several jobs are ready, a recorded choice picks the next one, so a failing
    /// interleaving shrinks toward first-in-first-out order and replays exactly. Check the outcome in
    /// the property's body (``Interleaving/outcome``): the operation runs while the case is generated.
    /// A run that takes more than `maxSteps` jobs is reported as never finishing.
    ///
    /// ```swift
    /// Property("two increments count two", Gen.interleaving { await twoIncrements() }) { run in
    ///     try ensureEqual(try run.outcome, 2, "the count")
    /// }
    /// ```
    public static func interleaving<Outcome>(
        strategy: SchedulingStrategy = .random, maxSteps: Int = 10_000,
        _ operation: @escaping @Sendable () async -> Outcome
    ) -> Gen<Interleaving<Outcome>> where Value == Interleaving<Outcome> {
        Gen { source in Scheduler.run(operation, strategy: strategy, maxSteps: maxSteps, source: &source) }
    }
}
