/// What shrinking a case found, in child processes
/// (``ChildEvaluator/shrink(_:failure:configuration:counts:interruption:)``) or in this one
/// (``Property/shrink(_:configuration:interruption:)``).
package struct ShrinkOutcome: Sendable {
    /// The smallest failing case found.
    package var best: ChoiceSequence
    /// How it failed.
    package var failure: String
    /// Steps taken: candidates that failed and were simpler.
    package var steps: Int
    /// Candidates evaluated (the body ran), as in-process shrinking counts them.
    package var attempts: Int
    /// Which budget ended shrinking, if one did.
    package var budgetExhausted: String?
    /// What ended shrinking before it was done, other than a budget: an interruption, or no child
    /// left to evaluate candidates.
    package var interrupted: String?
    /// Whether ``ChildEvaluator/stop()`` ended it: the caller knows why it stopped.
    package var wasStopped = false
}

extension Property {
    /// Shrinks the failing case `choices` in this process with everything ``check(_:fileID:filePath:line:column:)``
    /// uses — the generator replays each candidate first, with its spans and integer shapes — within the
    /// configuration's budgets, until `interruption`, asked before each candidate, gives a reason.
    /// `nil` when the case does not fail when replayed (a flaky property).
    package func shrink(
        _ choices: ChoiceSequence, configuration: RunConfiguration, interruption: @escaping () -> String? = { nil }
    ) async -> ShrinkOutcome? {
        let engine = makeEngine(configuration)
        guard let failing = await engine.replayCandidate(choices).failing() else { return nil }
        let shrinker = Shrinker(
            failing: failing, evaluationLimit: configuration.shrinkAttemptLimit,
            timeLimit: configuration.shrinkTimeLimit,
            replay: { engine.replayCandidate($0) }, interruption: interruption)
        await shrinker.shrink()
        let best = shrinker.best
        return ShrinkOutcome(
            best: best.sequence, failure: best.failure, steps: shrinker.improvements, attempts: shrinker.evaluations,
            budgetExhausted: shrinker.exhaustedBudget, interrupted: shrinker.interrupted)
    }
}
