import Foundation

/// What became of the case in flight when a worker process died or hung: found again among the
/// places it may be, rechecked alone in a fresh child and shrunk
/// (``CaseRecovery/recoverInFlight(_:limits:end:shrinks:stopReason:)``).
///
/// The one decision behind `tally check` and `tally fuzz`; each says it in its own report. Candidates
/// are indexed as the caller gave them, most likely first.
package enum InFlightRecovery: Sendable {
    /// The candidate at `candidate` failed, crashed or hung again alone: `shrunk` is its smallest case
    /// (the case itself, explained, when it was not to be shrunk).
    case reproduced(candidate: Int, shrunk: CaseRecovery.Shrunk)
    /// The candidate at `candidate` was made again and passed alone in a fresh process: the death needed
    /// more than this case. `value` describes it.
    case passedAlone(candidate: Int, choices: ChoiceSequence, value: String)
    /// No process rechecked the candidate at `candidate`: none could, the run was stopping, or no time
    /// was left. Not rechecked is not passed: `token` replays it (by its choices when they could be
    /// made again), and `reason` says why it was not rechecked, or why it could not be made.
    case notRechecked(candidate: Int, token: ReplayToken, reason: String)
    /// No candidate's case could be made again.
    case notFound
}

extension CaseRecovery {
    /// Finds the case in flight among `candidates`, replays it alone, and shrinks it (unless not
    /// `shrinks`: a replay runs its one exact case, which is only explained) within `limits`, until `end`
    /// (`nil`: `limits`' shrink time after it was found again) or until `stopReason`, asked with that end,
    /// gives a reason.
    ///
    /// When `stopReason` gives one before anything runs (the run was stopped, or its time is spent), no
    /// case runs: a hang would cost a case timeout past the budget. The case is only made again, in a
    /// child when its token holds a random state, so that it can be reported by its choices. A token
    /// named twice (a worker announces the search case its flight recorder also holds) is tried once.
    package func recoverInFlight(
        _ candidates: [ReplayToken], limits: RunConfiguration = RunConfiguration(), end: Date? = nil,
        shrinks: Bool = true, stopReason: @escaping @Sendable (_ end: Date) -> String?
    ) async -> InFlightRecovery {
        if let reason = stopReason(end ?? .distantFuture) { return await madeAgain(candidates, notRechecked: reason) }
        let found = await reproduceFirst(candidates)
        if let failing = found.failing {
            guard shrinks else {
                let verdict = await explained(failing.choices, failing.verdict)
                let value = await describe(failing.choices)
                return .reproduced(
                    candidate: failing.index,
                    shrunk: Shrunk(
                        best: failing.choices, verdict: verdict, value: value, originalValue: value, steps: 0,
                        attempts: 0, duration: .zero, stoppedBecause: nil))
            }
            let end = end ?? Date().addingTimeInterval(Double(limits.shrinkTimeLimit.components.seconds))
            let shrunk = await shrink(failing.choices, verdict: failing.verdict, limits: limits, end: end) {
                stopReason(end)
            }
            return .reproduced(candidate: failing.index, shrunk: shrunk)
        }
        if let unavailable = found.unavailable {
            return .notRechecked(candidate: unavailable.index, token: unavailable.token, reason: unavailable.reason)
        }
        if let known = found.known {
            return .passedAlone(candidate: known.index, choices: known.choices, value: await describe(known.choices))
        }
        return .notFound
    }

    /// The first of `candidates` whose case can be made again, without running it, as not rechecked
    /// for `reason`; else the last that could not be made, and why.
    private func madeAgain(_ candidates: [ReplayToken], notRechecked reason: String) async -> InFlightRecovery {
        var notMade: InFlightRecovery = .notFound
        for (index, token) in candidates.enumerated() where !candidates[..<index].contains(token) {
            let made = await choices(of: token)
            if let choices = made.choices {
                return .notRechecked(
                    candidate: index, token: ReplayToken(propertyID: propertyID, choices: choices), reason: reason)
            }
            notMade = .notRechecked(candidate: index, token: token, reason: made.verdict.failure ?? "")
            // A stopped evaluator would only start a fresh child for the next one.
            if made.verdict == .stopped { break }
        }
        return notMade
    }
}
