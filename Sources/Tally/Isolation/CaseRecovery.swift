import Foundation
import Synchronization

/// Finds again, shrinks and explains a case that killed or hung the process running it, in child
/// evaluators (``ChildEvaluator``): the one recovery behind `swift test`, `tally check` and `tally fuzz`,
/// which decides what became of a case in flight once (``InFlightRecovery``).
///
/// The rules, decided once for every front end:
/// - A case is replayed alone in a fresh process before it is shrunk: one that passes there is
///   reported as such, never shrunk as if it failed.
/// - Shrinking keeps the kind of failure: a crash or hang shrinks to a crash or hang (a hang may
///   shrink to a crash), an ordinary failure to an ordinary failure.
/// - A hang shrinks with at most 60 evaluations, each of which may cost a case timeout; anything else
///   with 2,000, or fewer when the run's own limits are lower.
/// - A shrunk crash runs once more with the runtime's backtrace on, for the place of the crash, with
///   at least 30 s (the backtracer reads symbols) unless less time is left, never under a case timeout.
package final class CaseRecovery: Sendable {
    /// A case shrunk and explained.
    package struct Shrunk: Sendable {
        /// The smallest case found that fails as the original did, and how it fails.
        package var best: ChoiceSequence
        package var verdict: ChildEvaluator.Verdict
        package var value: String
        package var originalValue: String
        package var steps: Int
        package var attempts: Int
        package var duration: Duration
        /// Why shrinking ended before it was done, if it did: a budget or an interruption.
        package var stoppedBecause: String?
    }

    package let propertyID: String
    let caseTimeout: Duration
    private let evaluator: ChildEvaluator
    /// Whether ``evaluator`` prints the runtime's backtrace itself: its crashes need no second run.
    private let explaining: Bool
    private let makeEvaluator: @Sendable (_ backtraces: Bool, _ caseTimeout: Duration) -> ChildEvaluator

    /// Recovers cases of `propertyID` in evaluators `makeEvaluator` makes, with backtraces or without
    /// (faster, for shrinking). With `explaining`, cases run with backtraces from the start: for one case
    /// replayed, not shrunk.
    package init(
        propertyID: String, caseTimeout: Duration, explaining: Bool = false,
        makeEvaluator: @escaping @Sendable (_ backtraces: Bool, _ caseTimeout: Duration) -> ChildEvaluator
    ) {
        self.propertyID = propertyID
        self.caseTimeout = caseTimeout
        self.explaining = explaining
        self.makeEvaluator = makeEvaluator
        evaluator = makeEvaluator(explaining, caseTimeout)
    }

    deinit { evaluator.shutdown() }

    /// Kills the evaluator at once (``ChildEvaluator/stop()``): for a run asked to stop.
    package func stop() { evaluator.stop() }

    /// Replays `token` alone in a fresh child: its choices (`nil` when they could not be regenerated),
    /// and how it ended.
    package func reproduce(_ token: ReplayToken) async -> (choices: ChoiceSequence?, verdict: ChildEvaluator.Verdict) {
        let (known, generating) = await choices(of: token)
        guard let choices = known else { return (nil, generating) }
        return await offThePool { [evaluator] in (choices, evaluator.evaluate(choices)) }
    }

    /// The choices `token` replays, regenerated in a child for a token of a random state, without
    /// running the case: `nil` with the verdict when that failed.
    package func choices(of token: ReplayToken) async -> (choices: ChoiceSequence?, verdict: ChildEvaluator.Verdict) {
        await offThePool { [evaluator] in Self.made(token, in: evaluator) }
    }

    /// The choices `token` replays, regenerated in `evaluator` for a token of a random state.
    private static func made(_ token: ReplayToken, in evaluator: ChildEvaluator) -> (
        choices: ChoiceSequence?, verdict: ChildEvaluator.Verdict
    ) {
        var generating = ChildEvaluator.Verdict.passed
        let known = token.choices { start -> ChoiceSequence? in
            let regenerated = evaluator.regenerate(start)
            generating = regenerated.verdict
            return regenerated.choices
        }
        return (known, generating)
    }

    /// The value `choices` make, described in a child.
    package func describe(_ choices: ChoiceSequence) async -> String {
        await offThePool { [evaluator] in evaluator.describe(choices) }
    }

    /// Shrinks `choices`, which failed as `verdict` says, within the shrink limits of `limits`; ends
    /// early at `end` or when `interruption` gives a reason. Then explains a crash and describes both values.
    package func shrink(
        _ choices: ChoiceSequence, verdict: ChildEvaluator.Verdict, limits: RunConfiguration = RunConfiguration(),
        end: Date? = nil,
        interruption: @escaping @Sendable () -> String? = { nil }
    ) async -> Shrunk {
        let clock = ContinuousClock()
        let started = clock.now
        var configuration = RunConfiguration()
        configuration.shrinkAttemptLimit = min(limits.shrinkAttemptLimit, Self.isHang(verdict) ? 60 : 2_000)
        configuration.shrinkTimeLimit = min(
            limits.shrinkTimeLimit, end.map { Self.timeLeft(until: $0) + .milliseconds(1) } ?? limits.shrinkTimeLimit)
        let kept = VerdictsByFailure(verdict)
        let outcome: ShrinkOutcome
        if let reason = interruption() {
            outcome = ShrinkOutcome(
                best: choices, failure: verdict.failure ?? "", steps: 0, attempts: 0, interrupted: reason)
        } else {
            outcome = await evaluator.shrink(
                choices, failure: verdict.failure ?? "", configuration: configuration,
                counts: { candidate in
                    guard Self.sameKind(candidate, verdict) else { return false }
                    kept.keep(candidate)
                    return true
                }, interruption: interruption)
        }
        let duration = clock.now - started
        let best =
            interruption() == nil
            ? await explained(outcome.best, kept.verdict(for: outcome.failure), end: end)
            : kept.verdict(for: outcome.failure)
        // A stop request ends the candidate in flight before the shrinker asks why.
        let stoppedBecause =
            outcome.wasStopped ? interruption() ?? outcome.interrupted : outcome.interrupted ?? outcome.budgetExhausted
        let values = await offThePool { [evaluator] in
            (evaluator.describe(outcome.best), outcome.best == choices ? nil : evaluator.describe(choices))
        }
        evaluator.shutdown()
        return Shrunk(
            best: outcome.best, verdict: best, value: values.0, originalValue: values.1 ?? values.0,
            steps: outcome.steps,
            attempts: outcome.attempts, duration: duration, stoppedBecause: stoppedBecause)
    }

    private static func isHang(_ verdict: ChildEvaluator.Verdict) -> Bool {
        if case .hung = verdict { true } else { false }
    }

    static func timeLeft(until end: Date) -> Duration {
        .milliseconds(Int64(max(end.timeIntervalSinceNow, 0) * 1000))
    }

    /// Whether `candidate` fails as `original` did: both by killing or hanging the process, or both not.
    static func sameKind(_ candidate: ChildEvaluator.Verdict, _ original: ChildEvaluator.Verdict) -> Bool {
        switch (candidate, original) {
        case (.crashed, .crashed), (.crashed, .hung), (.hung, .crashed), (.hung, .hung), (.failed, .failed): true
        default: false
        }
    }

    /// How `choices`, which ended as `verdict`, crash, replayed once with the runtime's backtrace on;
    /// `verdict` itself for a case that did not crash, or does not crash again.
    package func explained(_ choices: ChoiceSequence, _ verdict: ChildEvaluator.Verdict, end: Date? = nil) async
        -> ChildEvaluator.Verdict
    {
        await explained(verdict, end: end) { $0.evaluate(choices) }
    }

    /// How the case of `token`, which ended as `verdict` while it was being made (a generator that
    /// traps), crashes, made once more with the runtime's backtrace on; as above.
    package func explained(making token: ReplayToken, _ verdict: ChildEvaluator.Verdict, end: Date? = nil) async
        -> ChildEvaluator.Verdict
    {
        await explained(verdict, end: end) { Self.made(token, in: $0).verdict }
    }

    /// `verdict` explained by `again`, run in an evaluator with backtraces for a crash.
    private func explained(
        _ verdict: ChildEvaluator.Verdict, end: Date?,
        again: @escaping @Sendable (ChildEvaluator) -> ChildEvaluator.Verdict
    ) async -> ChildEvaluator.Verdict {
        guard case .crashed = verdict, !explaining else { return verdict }
        let left = end.map(Self.timeLeft(until:)) ?? .seconds(30)
        let explainer = makeEvaluator(true, max(caseTimeout, min(.seconds(30), left)))
        let backtraceRun = await offThePool { again(explainer) }
        explainer.shutdown()
        return Self.explanation(of: verdict, backtraceRun: backtraceRun)
    }

    /// The crash `verdict` as the run with the runtime's backtrace on ended (`backtraceRun`) explains
    /// it: that run's verdict when it crashed again, else `verdict`. When a stop cut that run off and
    /// `verdict` has no runtime message, it says so: a bare signal must not read as all there was to say.
    static func explanation(of verdict: ChildEvaluator.Verdict, backtraceRun: ChildEvaluator.Verdict)
        -> ChildEvaluator.Verdict
    {
        switch (verdict, backtraceRun) {
        case (_, .crashed): backtraceRun
        case (.crashed(let text), .stopped) where !text.contains(":\n"):
            .crashed(
                text + " (the run was stopped before the runtime's message could be read: "
                    + "replaying the case shows it)")
        default: verdict
        }
    }
}

/// The verdict behind each failure text the shrinker kept (it keeps only the text), across threads.
private final class VerdictsByFailure: Sendable {
    private let verdicts: Mutex<[String: ChildEvaluator.Verdict]>

    init(_ original: ChildEvaluator.Verdict) {
        verdicts = Mutex([original.failure ?? "": original])
    }

    func keep(_ verdict: ChildEvaluator.Verdict) {
        verdicts.withLock { $0[verdict.failure ?? ""] = verdict }
    }

    func verdict(for failure: String) -> ChildEvaluator.Verdict {
        verdicts.withLock { $0[failure] } ?? .failed(failure)
    }
}
