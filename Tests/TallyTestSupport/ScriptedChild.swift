import Foundation
import Synchronization
import Tally

/// What the children of a test were asked, in order: `start` for each child started, then each request's verb.
package final class ChildLog: Sendable {
    private let lines = Mutex<[String]>([])
    package init() {}
    package var entries: [String] { lines.withLock { $0 } }
    package func note(_ line: String) { lines.withLock { $0.append(line) } }
}

/// A child in this process that answers as `tally fuzz-evaluate` does for a property `p` whose random
/// cases are all `[7]` and whose every case passes; `onEval` runs as a case starts. With `dyingOn`, it
/// dies of SIGILL, unanswered, at the first request of that verb (`REGENERATE`: a generator that traps),
/// its last words `words` (the runtime's message, which a child with backtraces prints).
package final class ScriptedChild: EvaluatorChannel {
    private let state = Mutex<(answers: [String], killed: Bool, died: Bool)>((["READY"], false, false))
    private let log: ChildLog
    private let dyingOn: String?
    private let onEval: @Sendable () -> Void
    private let words: String?

    package init(
        _ log: ChildLog, dyingOn: String? = nil, words: String? = nil, onEval: @escaping @Sendable () -> Void = {}
    ) {
        self.log = log
        self.dyingOn = dyingOn
        self.words = words
        self.onEval = onEval
        log.note("start")
    }

    /// A recovery of `p` whose children are scripted so; those with backtraces die saying `explanation`.
    package static func recovery(
        _ log: ChildLog, dyingOn: String? = nil, explanation: String? = nil,
        onEval: @escaping @Sendable () -> Void = {}
    ) -> CaseRecovery {
        CaseRecovery(propertyID: "p", caseTimeout: .seconds(1)) { backtraces, timeout in
            ChildEvaluator(propertyID: "p", timeout: timeout, startupTimeout: .seconds(1)) {
                ScriptedChild(log, dyingOn: dyingOn, words: backtraces ? explanation : nil, onEval: onEval)
            }
        }
    }

    package func send(_ line: String) {
        let verb = String(line.prefix { $0 != " " })
        log.note(verb)
        if verb == dyingOn {
            state.withLock { $0.died = true }
            return
        }
        let token = try? ReplayToken(parsing: String(line.dropFirst(verb.count + 1)))
        let made = EvaluationProtocol.caseLine(choices: token?.choices ?? [7], propertyID: "p")
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

    package func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        state.withLock { state in
            guard !state.killed, !state.died, !state.answers.isEmpty else { return (nil, false) }
            return (state.answers.removeFirst(), false)
        }
    }

    package func kill() { state.withLock { $0.killed = true } }
    package func waitForExit() -> ChildEnding {
        state.withLock { state in state.died ? .signal(4) : state.killed ? .signal(9) : .status(0) }
    }
    package func lastWords() -> String? { words }
}
