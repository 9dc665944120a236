import Synchronization

extension ChildEvaluator {
    /// Shrinks `failing`, which failed as `failure`, evaluating every candidate in children: the
    /// span-aware twin of in-process shrinking, with the same passes, budgets and result.
    ///
    /// The shrinker sees each candidate's case as in process: a child's generator makes it
    /// (``generate(_:)``, a round trip to a live child) with its spans, labels, depths and integer
    /// shapes, and the body runs (``evaluateCase(_:)``) only on a case that is new and simpler than
    /// the best, so span deletion, sibling swaps and regenerating a span work on a case that crashes
    /// as on one that fails. A candidate fails when `counts` says its verdict is the failure being
    /// shrunk (a crash, say, and not an ordinary failure it slipped into). `interruption` is asked
    /// before each candidate: a reason it gives ends shrinking with the best case so far.
    package func shrink(
        _ failing: ChoiceSequence, failure: String, configuration: RunConfiguration,
        counts: @escaping @Sendable (Verdict) -> Bool, interruption: @escaping () -> String? = { nil }
    ) async -> ShrinkOutcome {
        let generated = await offThePool { self.generate(failing) }
        var start = generated.run ?? Self.unknownCase(failing)
        start.failure = failure
        let childGone = FirstReason()
        let shrinker = Shrinker(
            failing: start, evaluationLimit: configuration.shrinkAttemptLimit, timeLimit: configuration.shrinkTimeLimit,
            replay: { candidate in
                let made = self.generate(candidate)
                switch made.verdict {
                case .stopped:
                    childGone.noteStopped()
                    return ReplayedCandidate(run: Self.unknownCase(candidate), isDiscarded: true) { .discarded }
                case .unavailable(let reason):
                    childGone.note("stopped: no process could evaluate the candidates (\(reason))")
                    return ReplayedCandidate(run: Self.unknownCase(candidate), isDiscarded: true) { .discarded }
                case .passed, .failed, .crashed, .hung:
                    break
                }
                guard let run = made.run else {
                    // Generating the candidate ended the child: that is how the candidate ends.
                    let verdict = made.verdict
                    return ReplayedCandidate(run: Self.unknownCase(candidate), isDiscarded: false) {
                        counts(verdict) ? .fails(verdict.failure ?? "") : .holds
                    }
                }
                return ReplayedCandidate(run: run, isDiscarded: made.discarded) {
                    await offThePool { self.outcome(of: run.sequence, counts: counts, childGone: childGone) }
                }
            },
            interruption: { interruption() ?? childGone.reason })
        await shrinker.shrink()
        shutdown()
        let best = shrinker.best
        return ShrinkOutcome(
            best: best.sequence, failure: best.failure, steps: shrinker.improvements, attempts: shrinker.evaluations,
            budgetExhausted: shrinker.exhaustedBudget, interrupted: shrinker.interrupted ?? childGone.reason, wasStopped: childGone.stopped)
    }

    /// Runs the case `choices` make in a child; after a child died, starts the next one here, off the
    /// cooperative pool, rather than in the shrinker's next (synchronous) ``generate(_:)``.
    private func outcome(of choices: ChoiceSequence, counts: (Verdict) -> Bool, childGone: FirstReason) -> CaseOutcome {
        let (_, discarded, verdict) = evaluateCase(choices)
        switch verdict {
        case .passed:
            return discarded ? .discarded : .holds
        case .stopped:
            childGone.noteStopped()
            return .holds
        case .unavailable(let reason):
            childGone.note("stopped: \(reason)")
            return .holds
        case .crashed, .hung:
            startChild()
            return counts(verdict) ? .fails(verdict.failure ?? "") : .holds
        case .failed(let failure):
            return counts(verdict) ? .fails(failure) : .holds
        }
    }
}

/// The first reason the children gave to stop (none could be started, or one was stopped), kept across threads.
private final class FirstReason: Sendable {
    private let first = Mutex<String?>(nil)

    private let stopRequested = Mutex(false)

    var reason: String? { first.withLock { $0 } }
    /// Whether a child was stopped (``ChildEvaluator/stop()``).
    var stopped: Bool { stopRequested.withLock { $0 } }

    func note(_ reason: String) {
        first.withLock { $0 = $0 ?? reason }
    }

    func noteStopped() {
        stopRequested.withLock { $0 = true }
        note("stopped")
    }
}
