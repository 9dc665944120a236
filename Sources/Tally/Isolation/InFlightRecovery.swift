import Foundation

/// What became of a case in flight when a process died or hung running it: found again among the
/// places it may be, rechecked alone in a fresh child and shrunk
/// (``CaseRecovery/recoverInFlight(_:limits:end:shrinking:stopReason:)``).
///
/// The one decision behind `swift test` (a trap an earlier run saved, or `TALLY_REPLAY`), `tally check`
/// and `tally fuzz`; each says it in its own report. Candidates are indexed as the caller gave them,
/// most likely first.
package enum InFlightRecovery: Sendable {
    /// The candidate at `candidate` failed, crashed or hung again alone: `shrunk` is its smallest case
    /// (the case itself, explained, when its kind of failure is not to be shrunk).
    case reproduced(candidate: Int, shrunk: CaseRecovery.Shrunk)
    /// The candidate at `candidate` failed, crashed or hung again while its case was being made, before
    /// it ran (a generator that traps): it has no choices to shrink, and `token` replays it.
    case failedWhileMade(candidate: Int, token: ReplayToken, verdict: ChildEvaluator.Verdict)
    /// The candidate at `candidate` was made again and passed alone in a fresh process: the death needed
    /// more than this case. `value` describes it.
    case passedAlone(candidate: Int, choices: ChoiceSequence, value: String)
    /// No process rechecked the candidate at `candidate`: none could, the run was stopping, or no time
    /// was left. Not rechecked is not passed: `token` replays it (by its choices when they could be
    /// made again), and `reason` says why it was not rechecked, or why it could not be made.
    case notRechecked(candidate: Int, token: ReplayToken, reason: String)
    /// No candidate's case could be made again.
    case notFound

    /// Which failures found again are shrunk; the others are reported as found, explained.
    package enum Shrinking: Sendable {
        /// Every failure: a search's case in flight.
        case everyFailure
        /// Crashes and hangs: `swift test` leaves an ordinary failure to its engine, which shrinks it in
        /// process, where a debugger and `print` work.
        case crashesAndHangs
        /// None: a replay runs its one exact case.
        case nothing

        func shrinks(_ verdict: ChildEvaluator.Verdict) -> Bool {
            switch self {
            case .everyFailure: true
            case .crashesAndHangs: verdict.endsTheProcess
            case .nothing: false
            }
        }
    }

    /// What a report shows for the value of a case not rechecked, its choices unknown: no process could
    /// replay it, or `stopped` (`the run was stopped by SIGINT`) first.
    package static func valueNotReplayed(stopped: String?) -> String {
        "(not known: "
            + (stopped.map { "\($0) before the case could be replayed" } ?? "no process could replay the case")
            + ")"
    }

    /// What a report shows for the value of a case that ended as `verdict` while it was being made:
    /// that it could not be made, and how its generator ended. The failure beside it says the rest
    /// (the signal, the runtime's message), once.
    package static func valueNotMade(_ verdict: ChildEvaluator.Verdict) -> String {
        let ended =
            switch verdict {
            case .crashed: "crashed"
            case .hung: "hung"
            case .passed, .failed, .unavailable, .stopped: "failed"
            }
        return "(not known: the value could not be made: its generator \(ended))"
    }
}

extension CaseRecovery {
    /// Finds the case in flight among `candidates`, replays it alone, and shrinks it (as `shrinking`
    /// says; a failure not shrunk is only explained) within `limits`, until `end` (`nil`: `limits`'
    /// shrink time after it was found again) or until `stopReason`, asked with that end, gives a reason.
    ///
    /// When `stopReason` gives one before anything runs (the run was stopped, or its time is spent), no
    /// case runs: a hang would cost a case timeout past the budget. The case is only made again, in a
    /// child when its token holds a random state, so that it can be reported by its choices. A token
    /// named twice (a worker announces the search case its flight recorder also holds) is tried once.
    package func recoverInFlight(
        _ candidates: [ReplayToken], limits: RunConfiguration = RunConfiguration(), end: Date? = nil,
        shrinking: InFlightRecovery.Shrinking = .everyFailure, stopReason: @escaping @Sendable (_ end: Date) -> String?
    ) async -> InFlightRecovery {
        if let reason = stopReason(end ?? .distantFuture) { return await madeAgain(candidates, notRechecked: reason) }
        let found = await reproduceFirst(candidates)
        if let failing = found.failing {
            guard shrinking.shrinks(failing.verdict) else {
                let verdict = await explained(failing.choices, failing.verdict)
                let value = await describe(failing.choices)
                return .reproduced(
                    candidate: failing.index,
                    shrunk: Shrunk(
                        best: failing.choices, verdict: verdict, value: value, originalValue: value, steps: 0,
                        attempts: 0, duration: .zero, stoppedBecause: nil))
            }
            let end = end ?? Date().addingTimeInterval(limits.shrinkTimeLimit / .seconds(1))
            let shrunk = await shrink(failing.choices, verdict: failing.verdict, limits: limits, end: end) {
                stopReason(end)
            }
            return .reproduced(candidate: failing.index, shrunk: shrunk)
        }
        if let unmade = found.failedWhileMade {
            // Made again with the runtime's backtrace on: a bare signal is not all there is to say.
            return .failedWhileMade(
                candidate: unmade.index, token: unmade.token,
                verdict: await explained(making: unmade.token, unmade.verdict, end: end))
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
    /// for `reason`; else the first whose making failed, crashed or hung, or the last that could not be
    /// made, and why.
    private func madeAgain(_ candidates: [ReplayToken], notRechecked reason: String) async -> InFlightRecovery {
        var notMade: InFlightRecovery = .notFound
        for (index, token) in candidates.enumerated() where !candidates[..<index].contains(token) {
            let made = await choices(of: token)
            if let choices = made.choices {
                return .notRechecked(
                    candidate: index, token: ReplayToken(propertyID: propertyID, choices: choices), reason: reason)
            }
            switch made.verdict {
            case .failed, .crashed, .hung:
                return .failedWhileMade(candidate: index, token: token, verdict: made.verdict)
            case .passed, .unavailable, .stopped: break
            }
            notMade = .notRechecked(candidate: index, token: token, reason: made.verdict.failure ?? "")
            // A stopped evaluator would only start a fresh child for the next one.
            if made.verdict == .stopped { break }
        }
        return notMade
    }

    /// What ``reproduceFirst(_:)`` found; indices are into its candidates.
    private struct Reproduction: Sendable {
        /// The first candidate whose case could be made again.
        var known: (index: Int, choices: ChoiceSequence)?
        /// The first candidate whose case failed, crashed or hung again: the case to shrink.
        var failing: (index: Int, choices: ChoiceSequence, verdict: ChildEvaluator.Verdict)?
        /// The first candidate whose case failed, crashed or hung while it was being made.
        var failedWhileMade: (index: Int, token: ReplayToken, verdict: ChildEvaluator.Verdict)?
        /// The first candidate no process could check, and why: not checked is not passed.
        var unavailable: (index: Int, token: ReplayToken, reason: String)?
    }

    /// Replays `candidates` for a case in flight, most likely first, until one fails again (running or
    /// being made) or the run is stopped. A token named twice is replayed once: it would only end the
    /// same way.
    private func reproduceFirst(_ candidates: [ReplayToken]) async -> Reproduction {
        var found = Reproduction()
        for (index, token) in candidates.enumerated() where !candidates[..<index].contains(token) {
            let (replayable, verdict) = await reproduce(token)
            guard let choices = replayable else {
                switch verdict {
                case .failed, .crashed, .hung:
                    found.failedWhileMade = (index, token, verdict)
                    return found
                case .unavailable, .stopped:
                    found.unavailable = found.unavailable ?? (index, token, verdict.failure ?? "")
                    // A stopped evaluator would only start a fresh child for the next candidate.
                    if verdict == .stopped { return found }
                case .passed:
                    break
                }
                continue
            }
            found.known = found.known ?? (index, choices)
            switch verdict {
            case .passed:
                continue
            case .unavailable, .stopped:
                found.unavailable =
                    found.unavailable ?? (
                        index, ReplayToken(propertyID: propertyID, choices: choices), verdict.failure ?? ""
                    )
                if verdict == .stopped { return found }
            case .failed, .crashed, .hung:
                found.known = (index, choices)
                found.failing = (index, choices, verdict)
                return found
            }
        }
        return found
    }
}
