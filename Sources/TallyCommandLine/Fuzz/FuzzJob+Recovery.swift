import Foundation
import Tally

/// What `tally fuzz` makes of a worker that died or hung: the case in flight found again, replayed
/// alone and shrunk in fresh processes (``InFlightRecovery``), said as a fuzz finding.
extension FuzzJob {
    /// Recovers into `outcome` the case in flight of `worker`, which `hung` or ended as `ending`, with
    /// its search case in `flight`; `reported` is what it said before. Shrinking ends as the budget says
    /// for a failure found now in a search that ends at `searchEnd`, given at least `shrinkMinimum` s.
    func recoverInFlight(
        of worker: ChildProcess, hung: Bool, ending: ChildEnding, flight: FlightMemory, reported: FuzzMessage?,
        searchEnd: Date?, shrinkMinimum: Double, into outcome: inout FuzzPropertyOutcome
    ) {
        let died = hung ? "hung" : "crashed with \(ending.description)"
        guard let recorded = flight.read() else {
            outcome.gaveUp = "the worker \(died) before its first case"
            return
        }
        board.update(name, note: hung ? "shrinking a hang" : "shrinking a crash")
        // The case in flight counts, as under tally check, though it died before the count (its value made
        // for the search's size probe, say).
        outcome.cases = max(outcome.cases, Int(recorded.casesStarted), 1)
        let recovery = self.worker.recovery(propertyID: propertyID, caseTimeout: caseTimeout)
        let what =
            hung ? "hung: a case ran longer than \(Self.seconds(caseTimeout))" : "crashed with \(ending.description)"
        let end = budget.shrinkEnd(found: Date(), searchEnd: searchEnd, minimum: shrinkMinimum)
        // The case the worker announced as it died (a shrink candidate, say), else its search case in flight.
        let candidates = [
            CaseInFlight.token(in: worker.takeStandardError()),
            ReplayToken(propertyID: propertyID, randomStart: recorded.start),
        ]
        let recovered = blocking { [budget] in
            await budget.stopping(recovery) {
                await Self.recover(candidates.compactMap { $0 }, what: what, end: end, recovery, budget)
            }
        }
        switch recovered {
        case .lost(let why):
            outcome.gaveUp = "the worker \(died), \(why)"
            return
        case .found(let token, let value, let original, let failure, let steps, let note):
            outcome.finding = save(
                FuzzFinding(
                    kind: hung ? .hang : .crash, token: token.description, value: value, original: original,
                    failure: failure, shrinkSteps: steps, shrinkNote: note, savedPath: nil, isNew: true))
        }
        if let first = savedAsFound(reported, note: nil) {
            // A smaller case ended the worker while it shrank a failure of its own: that one is saved as found.
            outcome.finding?.foundFirst = .init(
                value: first.value, failure: first.failure, token: first.token, savedPath: first.savedPath)
        }
        board.update(name, note: "")
    }

    /// What recovering the case in flight found.
    enum Recovered: Sendable {
        /// No candidate's case could be made again: why.
        case lost(String)
        /// `steps` is `nil` when no shrinker tried a candidate.
        case found(token: ReplayToken, value: String, original: String, failure: String, steps: Int?, note: String?)
    }

    /// Finds again the case in flight when a worker died or hung (`what`) among `candidates`, replays
    /// it alone, and shrinks it until `end` or a stop (``InFlightRecovery``), said as fuzz reports it.
    static func recover(
        _ candidates: [ReplayToken], what: String, end: Date, _ recovery: CaseRecovery, _ budget: FuzzBudget
    ) async -> Recovered {
        /// A crash or hang says itself; anything else says how the worker died, then how the replay ended.
        func failure(_ verdict: ChildEvaluator.Verdict) -> String {
            switch verdict {
            case .crashed(let text), .hung(let text): text
            case let other: "\(what); replayed: \(other.failure ?? "")"
            }
        }
        switch await recovery.recoverInFlight(candidates, end: end, stopReason: { budget.shrinkStopReason(end: $0) }) {
        case .reproduced(_, let shrunk):
            return .found(
                token: ReplayToken(propertyID: recovery.propertyID, choices: shrunk.best), value: shrunk.value,
                original: shrunk.originalValue, failure: failure(shrunk.verdict),
                steps: shrunk.attempts == 0 ? nil : shrunk.steps,
                note: shrunk.note)
        case .failedWhileMade(_, let token, let verdict):
            // A generator that traps: no choices to shrink, but the token replays it.
            let value = InFlightRecovery.valueNotMade(verdict)
            return .found(token: token, value: value, original: value, failure: failure(verdict), steps: nil, note: nil)
        case .notRechecked(_, let token, let reason):
            // No time to replay it alone (a hang would take a case timeout past the budget), or no process
            // could: as found, by its token. Not rechecked is not passed.
            let stopped = budget.stopSignal.map { "the run was stopped by \(StopSignals.name($0))" }
            let value =
                token.randomStart == nil
                ? await recovery.describe(token.choices) : InFlightRecovery.valueNotReplayed(stopped: stopped)
            return .found(
                token: token, value: value, original: value, failure: what, steps: nil,
                note: "not shrunk: \(budget.shrinkStopReason(end: end) ?? reason)")
        case .passedAlone(_, let choices, let value):
            return .found(
                token: ReplayToken(propertyID: recovery.propertyID, choices: choices), value: value, original: value,
                failure:
                    "\(what) in the worker process running it; replayed alone in a fresh process, "
                    + "the case in flight passed",
                steps: nil, note: nil)
        case .notFound:
            return .lost("and the case in flight could not be found again")
        }
    }
}
