import Foundation
import Synchronization
import Tally

/// Shrinks a case that crashed or hung a worker, replaying every candidate in a child evaluator
/// process (`tally fuzz-evaluate`, through a ``ChildEvaluator``, which starts a fresh one whenever a
/// candidate kills or hangs it).
///
/// Shrinking ends at `end` or when the run is asked to stop, keeping the smallest failing case found
/// so far; a stop request kills the evaluator at once, so a candidate that hangs does not hold it up.
final class CrashRecovery: @unchecked Sendable {
    let budget: FuzzBudget
    private let evaluator: ChildEvaluator
    private var stopHandler = 0

    /// Evaluates the cases of the catalog's property `propertyIndex` (`propertyID`) in children of
    /// `executable`, each answer within `caseTimeout`. With `backtraces`, a crashing child prints the
    /// runtime's backtrace, from which a failure takes the runtime's message and the place of the
    /// crash: slower, for explaining a shrunk case.
    init(executable: String, propertyIndex: Int, propertyID: String, caseTimeout: Duration, budget: FuzzBudget, backtraces: Bool = false) {
        self.budget = budget
        // Starting a process on a busy machine can take longer than a case timeout, and is not a hang.
        evaluator = ChildEvaluator(propertyID: propertyID, timeout: caseTimeout, startupTimeout: .seconds(Int64(FuzzJob.startTimeout))) {
            try ChildProcess(tally: executable, ["fuzz-evaluate", "--property", String(propertyIndex)], backtraces: backtraces)
        }
        stopHandler = budget.onStop { [evaluator] in evaluator.stop() }
    }

    deinit {
        budget.removeHandler(stopHandler)
        evaluator.shutdown()
    }

    /// Replays `choices` in the evaluator: how the case ended.
    func evaluate(_ choices: ChoiceSequence) -> ChildEvaluator.Verdict {
        evaluator.evaluate(choices).verdict
    }

    /// The choices of the case a worker started from `start` (its flight recorder's state), regenerated
    /// in the evaluator; `nil` with the verdict when generating it crashed, hung or could not be done.
    func regenerate(_ start: RandomSource) -> (choices: ChoiceSequence?, verdict: ChildEvaluator.Verdict) {
        evaluator.regenerate(start)
    }

    /// Describes the value of `choices`, in the evaluator.
    func describe(_ choices: ChoiceSequence) -> String {
        evaluator.describe(choices)
    }

    /// Shrinks a case that crashed or hung (`verdict` says how) until `end` or a stop request: the
    /// smallest failing case found, how it ended, the steps and evaluations taken, and why shrinking
    /// stopped before it was done, if it did (`not shrunk: stopped by SIGINT` when no candidate ran,
    /// else `shrinking stopped at the time budget`). Any failure counts, as the worker's did: a hang
    /// may shrink to a crash.
    func shrinkCase(_ choices: ChoiceSequence, verdict: ChildEvaluator.Verdict, end: Date) async
        -> (best: ChoiceSequence, verdict: ChildEvaluator.Verdict, steps: Int, attempts: Int, note: String?)
    {
        if let reason = stopReason(end: end) { return (choices, verdict, 0, 0, Self.note(reason, attempts: 0)) }
        var configuration = RunConfiguration()
        if case .hung = verdict { configuration.shrinkAttemptLimit = 60 } else { configuration.shrinkAttemptLimit = 2_000 }
        configuration.shrinkTimeLimit = .milliseconds(Int64(max(end.timeIntervalSinceNow, 0) * 1000) + 1)
        // The shrinker keeps the best case's failure text; the verdict that said it is kept here.
        let verdicts = Mutex([verdict.failure ?? "": verdict])
        let outcome = await evaluator.shrink(choices, failure: verdict.failure ?? "", configuration: configuration, counts: { verdict in
            switch verdict {
            case .failed, .crashed, .hung:
                verdicts.withLock { $0[verdict.failure ?? ""] = verdict }
                return true
            case .passed, .unavailable, .stopped:
                return false
            }
        }, interruption: { self.stopReason(end: end) })
        // A stop request ends the candidate in flight before the shrinker asks for its reason.
        let interrupted = outcome.wasStopped ? stopReason(end: end) ?? outcome.interrupted : outcome.interrupted
        let final = verdicts.withLock { $0[outcome.failure] } ?? .failed(outcome.failure)
        return (outcome.best, final, outcome.steps, outcome.attempts,
                (interrupted ?? outcome.budgetExhausted).map { Self.note($0, attempts: outcome.attempts) })
    }

    /// The note a report prints for shrinking stopped for `reason` after `attempts` evaluations.
    static func note(_ reason: String, attempts: Int) -> String {
        attempts == 0 ? "not shrunk: \(reason)" : "shrinking \(reason)"
    }

    /// Why shrinking must stop now, if it must.
    private func stopReason(end: Date) -> String? {
        if let signal = budget.stopSignal { return "stopped by \(FuzzStopSignals.name(signal))" }
        return Date() >= end ? "stopped at the time budget" : nil
    }
}
