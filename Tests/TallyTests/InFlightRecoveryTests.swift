import Foundation
import Synchronization
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
}

/// What the children of a test were asked, in order: `start` for each child started, then each request's verb.
final class ChildLog: Sendable {
    private let lines = Mutex<[String]>([])
    var entries: [String] { lines.withLock { $0 } }
    func note(_ line: String) { lines.withLock { $0.append(line) } }
}

/// A child in this process that answers as `tally fuzz-evaluate` does for a property whose random cases
/// are all `[7]` and whose every case passes; `onEval` runs as a case starts.
final class ScriptedChild: EvaluatorChannel {
    private let state = Mutex<(answers: [String], killed: Bool)>((["READY"], false))
    private let log: ChildLog
    private let onEval: @Sendable () -> Void

    init(_ log: ChildLog, onEval: @escaping @Sendable () -> Void) {
        self.log = log
        self.onEval = onEval
        log.note("start")
    }

    static func recovery(_ log: ChildLog, onEval: @escaping @Sendable () -> Void = {}) -> CaseRecovery {
        CaseRecovery(propertyID: "p", caseTimeout: .seconds(1)) { _, timeout in
            ChildEvaluator(propertyID: "p", timeout: timeout, startupTimeout: .seconds(1)) {
                ScriptedChild(log, onEval: onEval)
            }
        }
    }

    func send(_ line: String) {
        let verb = String(line.prefix { $0 != " " })
        log.note(verb)
        let token = try? ReplayToken(parsing: String(line.dropFirst(verb.count + 1)))
        let made = EvaluationProtocol.caseLine(
            ChildEvaluator.unknownCase(token?.choices ?? [7]), discarded: false, propertyID: "p")
        let answers =
            switch verb {
            case "REGENERATE": ["CHOICES \(ReplayToken(propertyID: "p", choices: [7]))"]
            case "EVAL": [made, "PASS"]
            case "GENERATE": [made]
            case "DESCRIBE": ["VALUE \"\(token?.choices.choices.map(String.init).joined() ?? "")\""]
            default: ["ERROR bad request"]
            }
        state.withLock { $0.answers += answers }
        if verb == "EVAL" { onEval() }
    }

    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        state.withLock { state in
            guard !state.killed, !state.answers.isEmpty else { return (nil, false) }
            return (state.answers.removeFirst(), false)
        }
    }

    func kill() { state.withLock { $0.killed = true } }
    func waitForExit() -> ChildEnding { state.withLock { $0.killed } ? .signal(9) : .status(0) }
    func lastWords() -> String? { nil }
}
