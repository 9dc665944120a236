import Foundation

/// A child process that evaluates cases over the ``EvaluationProtocol``.
package protocol EvaluatorChannel: AnyObject {
    /// Sends one request line.
    func send(_ line: String)
    /// The next answer line, `nil` when the child closed its output, or `nil` with `timedOut`.
    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool)
    /// Kills the child at once.
    func kill()
    /// Waits for the child to end and says how.
    func waitForExit() -> ChildEnding
    /// What the child said last about a fatal error, if anything.
    func lastWords() -> String?
}

#if os(Linux)
extension ChildProcess: EvaluatorChannel {}
#endif

/// Evaluates the cases of one property in child processes, starting a fresh child whenever one
/// crashes or hangs, so that a case that kills its process can be run, shrunk and described.
package final class ChildEvaluator: @unchecked Sendable {
    /// How one evaluation ended.
    package enum Verdict: Equatable, Sendable {
        case passed
        /// The property failed in the ordinary way (a thrown error, a failed expectation).
        case failed(String)
        /// The child died: `crashed with signal 4 (SIGILL): … while running the case`.
        case crashed(String)
        /// The child answered nothing in time and was killed.
        case hung(String)
        /// No child could evaluate the case.
        case unavailable(String)

        /// What failed, for a verdict other than passing.
        package var failure: String? {
            switch self {
            case .passed: nil
            case .failed(let text), .crashed(let text), .hung(let text), .unavailable(let text): text
            }
        }
    }

    let propertyID: String
    let timeout: Duration
    let startupTimeout: Duration
    private let start: () throws -> any EvaluatorChannel
    private var channel: (any EvaluatorChannel)?
    private var answered = false

    /// Evaluates `propertyID`'s cases in children made by `start`; a child gets `startupTimeout` for
    /// its first answer and `timeout` for each later one.
    package init(propertyID: String, timeout: Duration, startupTimeout: Duration, start: @escaping () throws -> any EvaluatorChannel) {
        self.propertyID = propertyID
        self.timeout = timeout
        self.startupTimeout = startupTimeout
        self.start = start
    }

    deinit { shutdown() }

    /// Ends the current child, if any.
    package func shutdown() {
        channel?.kill()
        _ = channel?.waitForExit()
        channel = nil
    }

    private enum Answer {
        case line(String)
        case ended(Verdict, killedFromOutside: Bool)
    }

    private func ask(_ request: String?, while doing: String) -> Answer {
        if channel == nil {
            do {
                channel = try start()
                answered = false
            } catch {
                return .ended(.unavailable("no process could be started to evaluate the case: \(error)"), killedFromOutside: false)
            }
        }
        let channel = channel!
        if let request { channel.send(request) }
        let reply = channel.readLine(timeout: answered ? timeout : startupTimeout)
        if let line = reply.line {
            answered = true
            return .line(line)
        }
        if reply.timedOut { channel.kill() }
        let ending = channel.waitForExit()
        let words = channel.lastWords()
        self.channel = nil
        if reply.timedOut {
            return .ended(.hung("hung: no answer within \(answered ? timeout : startupTimeout) while \(doing) the case"), killedFromOutside: false)
        }
        if !answered, ending == .status(0) {
            return .ended(.unavailable("the process started to evaluate the case ended without answering (\(ending.description))"), killedFromOutside: false)
        }
        if ending.stopSignal != nil {
            // Sent to stop the run (Control-C reaches the whole process group): no case raises it.
            return .ended(.unavailable("the process evaluating the case was stopped by \(ending.description), sent to stop the run"), killedFromOutside: false)
        }
        let verdict = Verdict.crashed("crashed with \(ending.description) while \(doing) the case\(words.map { ":\n" + $0 } ?? "")")
        return .ended(verdict, killedFromOutside: ending == .signal(9))
    }

    /// Replays `choices` in a child: the case it used (as much as is known) and how it ended. A child
    /// killed from outside (a SIGKILL this evaluator did not send) is retried once in a fresh one.
    package func evaluate(_ choices: ChoiceSequence) -> (replayed: ReplayedCase, verdict: Verdict) {
        let first = attempt(choices)
        return first.killedFromOutside ? attempt(choices).result : first.result
    }

    private func attempt(_ choices: ChoiceSequence) -> (result: (replayed: ReplayedCase, verdict: Verdict), killedFromOutside: Bool) {
        var replayed = ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil)
        switch ask("EVAL \(ReplayToken(propertyID: propertyID, choices: choices))", while: "generating") {
        case .line(let line):
            guard let known = EvaluationProtocol.replayedCase(line) else { return ((replayed, protocolError(line)), false) }
            replayed = known
        case .ended(let verdict, let killed):
            return ((replayed, verdict), killed)
        }
        switch ask(nil, while: "running") {
        case .line("PASS"):
            return ((replayed, .passed), false)
        case .line(let line):
            guard let failure = EvaluationProtocol.text(after: "FAIL ", in: line) else { return ((replayed, protocolError(line)), false) }
            return ((replayed, .failed(failure)), false)
        case .ended(let verdict, let killed):
            return ((replayed, verdict), killed)
        }
    }

    /// The choices of the case a search drew from the random state `start`, generated in a child;
    /// `nil` with the verdict when generating it crashed or hung.
    package func regenerate(_ start: RandomSource) -> (choices: ChoiceSequence?, verdict: Verdict) {
        switch ask("REGENERATE " + start.state.map(String.init).joined(separator: " "), while: "generating") {
        case .line(let line):
            guard let text = EvaluationProtocol.text(after: "CHOICES ", in: line), let token = try? ReplayToken(parsing: text) else {
                return (nil, protocolError(line))
            }
            return (token.choices, .passed)
        case .ended(let verdict, _):
            return (nil, verdict)
        }
    }

    /// The value `choices` make, described in a child.
    package func describe(_ choices: ChoiceSequence) -> String {
        switch ask("DESCRIBE \(ReplayToken(propertyID: propertyID, choices: choices))", while: "describing") {
        case .line(let line): EvaluationProtocol.text(after: "VALUE ", in: line) ?? "(the evaluator answered \(line))"
        case .ended(let verdict, _): "(describing the value failed: \(verdict.failure ?? ""))"
        }
    }

    private func protocolError(_ line: String) -> Verdict {
        shutdown()
        return .unavailable("the evaluating process answered \"\(line.prefix(200))\"")
    }
}
