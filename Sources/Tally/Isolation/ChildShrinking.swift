import Synchronization

extension ChildEvaluator {
    /// Shrinks `failing`, which failed as `failure`, evaluating every candidate in children: the
    /// span-aware twin of in-process shrinking, with the same passes, budgets and result.
    ///
    /// A child's generator makes each candidate's case (``generate(_:request:)``, a round trip to a
    /// live child) with its spans and shapes, and the body runs only on a case that is new and simpler
    /// than the best, so span deletion, sibling swaps and regenerating a span work on a case that crashes
    /// as on one that fails. A candidate fails when `counts` says its verdict is the failure being shrunk
    /// (a crash, say, and not an ordinary failure it slipped into). A reason `interruption` gives before
    /// a candidate ends shrinking with the best case so far.
    package func shrink(
        _ failing: ChoiceSequence, failure: String, configuration: RunConfiguration,
        counts: @escaping @Sendable (Verdict) -> Bool, interruption: @escaping () -> String? = { nil }
    ) async -> ShrinkOutcome {
        var start = await offThePool { self.generate(failing) }.run
        start.failure = failure
        let childGone = FirstReason()
        let shrinker = Shrinker(
            failing: start, evaluationLimit: configuration.shrinkAttemptLimit, timeLimit: configuration.shrinkTimeLimit,
            replay: { candidate in
                let made = self.generate(candidate)
                switch made.verdict {
                case .stopped:
                    childGone.note("stopped", stopped: true)
                    return ReplayedCandidate(run: made.run, isDiscarded: true) { .discarded }
                case .unavailable(let reason):
                    childGone.note("stopped: no process could evaluate the candidates (\(reason))")
                    return ReplayedCandidate(run: made.run, isDiscarded: true) { .discarded }
                case .failed, .crashed, .hung:
                    // Generating the candidate ended the child: that is how the candidate ends.
                    let verdict = made.verdict
                    return ReplayedCandidate(run: made.run, isDiscarded: false) {
                        counts(verdict) ? .fails(verdict.failure ?? "") : .holds
                    }
                case .passed:
                    break
                }
                return ReplayedCandidate(run: made.run, isDiscarded: made.discarded) {
                    await offThePool {
                        let evaluated = self.evaluateCase(made.run.sequence)
                        // After a child died, the next one starts here, off the cooperative pool, rather
                        // than in the shrinker's next (synchronous) `generate`.
                        if case .crashed = evaluated.verdict { self.startChild() }
                        if case .hung = evaluated.verdict { self.startChild() }
                        return Self.outcome(
                            evaluated.verdict, discarded: evaluated.discarded, counts: counts, childGone: childGone)
                    }
                }
            },
            interruption: { interruption() ?? childGone.reason })
        await shrinker.shrink()
        shutdown()
        let best = shrinker.best
        return ShrinkOutcome(
            best: best.sequence, failure: best.failure, steps: shrinker.improvements, attempts: shrinker.evaluations,
            budgetExhausted: shrinker.exhaustedBudget, interrupted: shrinker.interrupted ?? childGone.reason,
            wasStopped: childGone.stopped)
    }

    /// How a candidate that ended as `verdict` counts; a child that could not evaluate it stops shrinking.
    private static func outcome(
        _ verdict: Verdict, discarded: Bool, counts: (Verdict) -> Bool, childGone: FirstReason
    ) -> CaseOutcome {
        switch verdict {
        case .passed:
            return discarded ? .discarded : .holds
        case .stopped:
            childGone.note("stopped", stopped: true)
            return .holds
        case .unavailable(let reason):
            childGone.note("stopped: \(reason)")
            return .holds
        case .crashed, .hung, .failed:
            return counts(verdict) ? .fails(verdict.failure ?? "") : .holds
        }
    }
}

/// The first reason the children gave to stop (none could be started, or one was stopped), across threads.
private final class FirstReason: Sendable {
    private let state = Mutex<(reason: String?, stopped: Bool)>((nil, false))

    var reason: String? { state.withLock { $0.reason } }
    /// Whether a child was stopped (``ChildEvaluator/stop()``).
    var stopped: Bool { state.withLock { $0.stopped } }

    func note(_ reason: String, stopped: Bool = false) {
        state.withLock { state in
            state.reason = state.reason ?? reason
            state.stopped = state.stopped || stopped
        }
    }
}
