import Foundation
import Synchronization
import TallyTestSupport
import Testing

@testable import Tally

/// ``InFlightRecovery``: the one decision `tally check` and `tally fuzz` make about the case in flight of
/// a worker that died or hung, and the children it may start for it.
///
/// A worker that traps in a search case announces that case's random state, which its flight recorder
/// also holds: `tally fuzz` names the same token twice. Before, a spent budget generated it again in a
/// child per candidate, and a case that passed alone was replayed twice.
@Suite struct InFlightRecoveryTests {
    static let randomStart = ReplayToken(propertyID: "p", randomStart: RandomSource(seed: 5))

    /// With the budget spent, the case is only made again, and a token named twice costs one child.
    @Test func aSpentBudgetMakesACaseNamedTwiceOnceAndRunsNothing() async {
        let log = ChildLog()
        let recovery = CaseRecovery(propertyID: "p", caseTimeout: .seconds(1)) { _, timeout in
            ChildEvaluator(propertyID: "p", timeout: timeout, startupTimeout: .seconds(1)) {
                log.note("start")
                throw CocoaError(.fileNoSuchFile)
            }
        }
        let outcome = await recovery.recoverInFlight([Self.randomStart, Self.randomStart]) { _ in
            "stopped at the time budget"
        }
        #expect(log.entries == ["start"], "one child tried for the token named twice")
        guard case .notRechecked(0, Self.randomStart, let reason) = outcome else {
            Issue.record("\(outcome)"); return
        }
        #expect(reason.hasPrefix("no process could be started"), "why it could not be made: \(reason)")
    }

    /// With time left, the case is made, replayed alone once, and passes: reported as such, not shrunk.
    @Test func aCaseNamedTwiceThatPassesAloneIsReplayedOnce() async {
        let log = ChildLog()
        let recovery = ScriptedChild.recovery(log)
        let outcome = await recovery.recoverInFlight([Self.randomStart, Self.randomStart]) { _ in nil }
        #expect(log.entries == ["start", "REGENERATE", "EVAL", "DESCRIBE"], "\(log.entries)")
        guard case .passedAlone(0, let choices, "7") = outcome else { Issue.record("\(outcome)"); return }
        #expect(choices == [7])
    }

    /// A budget spent with the case's choices known starts no child to make it: only to describe it.
    @Test func aSpentBudgetKeepsTheChoicesItHas() async {
        let log = ChildLog()
        let token = ReplayToken(propertyID: "p", choices: [3])
        let outcome = await ScriptedChild.recovery(log).recoverInFlight([token, Self.randomStart]) { _ in
            "stopped by SIGINT"
        }
        #expect(log.entries.isEmpty, "\(log.entries)")
        guard case .notRechecked(0, token, "stopped by SIGINT") = outcome else { Issue.record("\(outcome)"); return }
    }

    /// A run stopped while a candidate replays starts no fresh child for the next candidate.
    @Test func aStoppedReplayEndsTheSearchForTheCase() async {
        let log = ChildLog()
        let holder = Mutex<CaseRecovery?>(nil)
        let recovery = ScriptedChild.recovery(log) { holder.withLock { $0?.stop() } }
        holder.withLock { $0 = recovery }
        let first = ReplayToken(propertyID: "p", choices: [3])
        let outcome = await recovery.recoverInFlight([first, ReplayToken(propertyID: "p", choices: [4])]) { _ in nil }
        holder.withLock { $0 = nil }
        #expect(log.entries == ["start", "EVAL"], "\(log.entries)")
        guard case .notRechecked(0, first, "stopped") = outcome else { Issue.record("\(outcome)"); return }
    }

    /// A generator that traps again as its case is made alone is that case failing again, by its token:
    /// with time left and with the budget spent. Before, it was "not found", and check and fuzz gave up.
    /// With time left, it is made once more with backtraces, for the runtime's message: before, the
    /// failure read only `crashed with signal 4 (SIGILL) while generating the case`, and a replay
    /// printed no more. With the budget spent, nothing more runs.
    @Test func aCaseThatCrashesWhileMadeIsFoundByItsTokenAndExplained() async {
        let bare = "crashed with signal 4 (SIGILL) while generating the case"
        let message = "Swift runtime failure: arithmetic overflow"
        for spent in [false, true] {
            let log = ChildLog()
            let recovery = ScriptedChild.recovery(log, dyingOn: "REGENERATE", explanation: message)
            let outcome = await recovery.recoverInFlight([Self.randomStart, Self.randomStart]) { _ in
                spent ? "stopped at the time budget" : nil
            }
            #expect(
                log.entries == (spent ? [] : ["start", "REGENERATE"]) + ["start", "REGENERATE"],
                "tried once, explained with time left, never run: \(log.entries)")
            guard case .failedWhileMade(0, Self.randomStart, let verdict) = outcome else {
                Issue.record("\(outcome)"); continue
            }
            #expect(verdict == .crashed(spent ? bare : bare + ":\n" + message))
        }
    }

    /// The value of a case whose generator ended it says that it could not be made and how the
    /// generator ended, once; the failure beside it says the signal and the runtime's message. Before, it
    /// read `(not known: generating the value crashed with signal 4 (SIGILL) while generating the case)`.
    @Test func aValueNotMadeSaysSoOnce() {
        let crash = ChildEvaluator.Verdict.crashed(
            "crashed with signal 4 (SIGILL) while generating the case:\nSwift runtime failure: arithmetic overflow")
        #expect(
            InFlightRecovery.valueNotMade(crash) == "(not known: the value could not be made: its generator crashed)")
        #expect(
            InFlightRecovery.valueNotMade(.hung("hung: no answer within 1 s while generating the case"))
                == "(not known: the value could not be made: its generator hung)")
    }
}
