import Foundation
import Synchronization

/// Evaluates the cases of one property in child processes over the ``EvaluationProtocol``, starting a
/// fresh child whenever one crashes or hangs, so that a case that kills its process can be run, shrunk
/// and described.
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
        /// No child could evaluate the case: none could be started, or it answered nonsense.
        case unavailable(String)
        /// ``stop()`` killed the child evaluating the case: the run is stopping.
        case stopped

        /// Whether no child evaluated the case: it could not, or it was stopped.
        package var isUnavailable: Bool {
            if case .unavailable = self { true } else { self == .stopped }
        }

        /// Whether the case killed or hung the process running it.
        package var endsTheProcess: Bool {
            switch self {
            case .crashed, .hung: true
            case .passed, .failed, .unavailable, .stopped: false
            }
        }

        /// What failed, for a verdict other than passing.
        package var failure: String? {
            switch self {
            case .passed: nil
            case .stopped: "stopped"
            case .failed(let text), .crashed(let text), .hung(let text), .unavailable(let text): text
            }
        }
    }

    let propertyID: String
    let timeout: Duration
    let startupTimeout: Duration
    private let start: () throws -> any EvaluatorChannel
    /// The running child, and the one ``stop()`` (from any thread) killed.
    private let live = Mutex<(channel: (any EvaluatorChannel)?, stopped: (any EvaluatorChannel)?)>((nil, nil))

    /// Evaluates `propertyID`'s cases in children made by `start`; a child gets `startupTimeout` to say
    /// it is ready (``EvaluatorChannel/awaitReady(timeout:)``) and `timeout` for each answer.
    package init(
        propertyID: String, timeout: Duration, startupTimeout: Duration,
        start: @escaping () throws -> any EvaluatorChannel
    ) {
        self.propertyID = propertyID
        self.timeout = timeout
        self.startupTimeout = startupTimeout
        self.start = start
    }

    deinit { shutdown() }

    /// Ends the current child, if any; the next request starts a fresh one.
    package func shutdown() {
        guard
            let channel = live.withLock({ state in
                defer { state.channel = nil }; return state.channel
            })
        else { return }
        channel.kill()
        _ = channel.waitForExit()
    }

    /// Kills the current child at once, so that the request in flight is answered ``Verdict/stopped``
    /// rather than as a crash: how a stopping run ends a candidate that may hang. Safe from any thread.
    package func stop() {
        live.withLock { state in
            state.stopped = state.channel
            state.channel?.kill()
        }
    }

    private enum Answer {
        case line(String)
        case ended(Verdict, killedFromOutside: Bool)
    }

    /// The running child, or a fresh one once it said it is ready; else why there is none.
    private func channel() -> Result<any EvaluatorChannel, Unavailable> {
        if let running = live.withLock({ $0.channel }) { return .success(running) }
        let fresh: any EvaluatorChannel
        do { fresh = try start() } catch {
            return .failure(
                Unavailable(verdict: .unavailable("no process could be started to evaluate the case: \(error)")))
        }
        live.withLock { $0.channel = fresh }
        if let reason = fresh.awaitReady(timeout: startupTimeout) {
            let stopped = forget(fresh)
            return .failure(
                Unavailable(
                    verdict: stopped ? .stopped : .unavailable("the process started to evaluate the case \(reason)")))
        }
        return .success(fresh)
    }

    private struct Unavailable: Error { var verdict: Verdict }

    /// Forgets `channel`, which ended; whether ``stop()`` killed it.
    private func forget(_ channel: any EvaluatorChannel) -> Bool {
        live.withLock { state in
            if state.channel === channel { state.channel = nil }
            guard state.stopped === channel else { return false }
            state.stopped = nil
            return true
        }
    }

    /// Starts a child now, if none runs, so that the next request does not wait for one.
    func startChild() {
        _ = channel()
    }

    /// Sends `request` and reads the answer, or how the child ended while `doing` the case.
    private func ask(_ request: String?, while doing: String) -> Answer {
        let channel: any EvaluatorChannel
        switch self.channel() {
        case .success(let running): channel = running
        case .failure(let unavailable): return .ended(unavailable.verdict, killedFromOutside: false)
        }
        if let request { channel.send(request) }
        let reply = channel.readLine(timeout: timeout)
        if let line = reply.line { return .line(line) }
        if reply.timedOut { channel.kill() }
        let ending = channel.waitForExit()
        let words = channel.lastWords()
        if forget(channel) { return .ended(.stopped, killedFromOutside: false) }
        if reply.timedOut {
            return .ended(.hung("hung: no answer within \(timeout) while \(doing) the case"), killedFromOutside: false)
        }
        if ending.stopSignal != nil {
            // Sent to stop the run (Control-C reaches the whole process group): no case raises it.
            return .ended(
                .unavailable(
                    "the process evaluating the case was stopped by \(ending.description), sent to stop the run"),
                killedFromOutside: false)
        }
        let verdict = Verdict.crashed(
            "crashed with \(ending.description) while \(doing) the case\(words.map { ":\n" + $0 } ?? "")")
        return .ended(verdict, killedFromOutside: ending == .signal(9))
    }

    /// Replays `choices` in a child: how the case ended. A child killed from outside (a SIGKILL this
    /// evaluator did not send) is retried once in a fresh one.
    package func evaluate(_ choices: ChoiceSequence) -> Verdict {
        evaluateCase(choices).verdict
    }

    /// What a child made of a case: the case the generator made (its spans, labels, depths and shapes;
    /// only its choices when generating it ended the child), whether it was discarded, and how it ended.
    struct Evaluated {
        var run: FailingCase
        var discarded = false
        var verdict: Verdict
        var killedFromOutside = false
    }

    /// Replays `choices` in a child, retried once when the child was killed from outside.
    func evaluateCase(_ choices: ChoiceSequence) -> Evaluated {
        let first = attempt(choices)
        return first.killedFromOutside ? attempt(choices) : first
    }

    private func attempt(_ choices: ChoiceSequence) -> Evaluated {
        let generated = generate(choices, request: "EVAL")
        guard generated.verdict == .passed else { return generated }
        switch ask(nil, while: "running") {
        case .line("PASS"):
            return Evaluated(run: generated.run, verdict: .passed)
        case .line("DISCARDED"):
            return Evaluated(run: generated.run, discarded: true, verdict: .passed)
        case .line(let line):
            let failure = EvaluationProtocol.text(after: "FAIL ", in: line)
            return Evaluated(run: generated.run, verdict: failure.map(Verdict.failed) ?? protocolError(line))
        case .ended(let verdict, let killed):
            return Evaluated(run: generated.run, verdict: verdict, killedFromOutside: killed)
        }
    }

    /// The case the generator makes of `choices`, in a child, without running the body (`request`
    /// `GENERATE`): cheap, so that a shrinker can see a candidate's case before paying for it.
    func generate(_ choices: ChoiceSequence, request: String = "GENERATE") -> Evaluated {
        switch ask("\(request) \(ReplayToken(propertyID: propertyID, choices: choices))", while: "generating") {
        case .line(let line):
            guard let known = EvaluationProtocol.generatedCase(line) else {
                return Evaluated(run: Self.unknownCase(choices), verdict: protocolError(line))
            }
            return Evaluated(run: known.run, discarded: known.discarded, verdict: .passed)
        case .ended(let verdict, let killed):
            return Evaluated(run: Self.unknownCase(choices), verdict: verdict, killedFromOutside: killed)
        }
    }

    /// A case known only by its choices.
    static func unknownCase(_ choices: ChoiceSequence) -> FailingCase {
        FailingCase(choices: choices.choices, bounds: [], spans: [], failure: "")
    }

    /// The choices of the case a search drew from the random state `start`, generated in a child;
    /// `nil` with the verdict when that failed.
    package func regenerate(_ start: RandomSource) -> (choices: ChoiceSequence?, verdict: Verdict) {
        switch ask("REGENERATE " + start.state.map(String.init).joined(separator: " "), while: "generating") {
        case .line(let line):
            guard let text = EvaluationProtocol.text(after: "CHOICES ", in: line),
                let token = try? ReplayToken(parsing: text)
            else {
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
