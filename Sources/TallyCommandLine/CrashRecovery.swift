import Foundation
import Tally

/// Shrinks a case that crashed or hung a worker, replaying every candidate in a child evaluator
/// process (`tally fuzz-evaluate`) that is restarted whenever a candidate kills or hangs it.
///
/// Shrinking ends at `end` or when the run is asked to stop, keeping the smallest failing case found
/// so far; a stop request kills the evaluator at once, so a candidate that hangs does not hold it up.
final class CrashRecovery: @unchecked Sendable {
    let executable: String
    let propertyIndex: Int
    let propertyID: String
    let caseTimeout: Duration
    let budget: FuzzBudget
    /// Whether a crashing evaluator prints the runtime's backtrace, from which a failure takes the
    /// runtime's message and the place of the crash: slower, for explaining a shrunk case.
    let backtraces: Bool
    private let current = LockedValue<ChildProcess?>(nil)
    private var stopHandler = 0

    init(executable: String, propertyIndex: Int, propertyID: String, caseTimeout: Duration, budget: FuzzBudget, backtraces: Bool = false) {
        self.executable = executable
        self.backtraces = backtraces
        self.propertyIndex = propertyIndex
        self.propertyID = propertyID
        self.caseTimeout = caseTimeout
        self.budget = budget
        stopHandler = budget.onStop { [current] in current.withLock { $0?.kill() } }
    }

    deinit {
        budget.removeHandler(stopHandler)
        current.withLock { $0?.kill() }
    }

    /// The running evaluator, or a new one once it said it is ready: starting a process on a busy
    /// machine can take longer than a case timeout, and is not a hang.
    private func evaluator() throws -> ChildProcess {
        if let channel = current.withLock({ $0 }) { return channel }
        let started = try ChildProcess(tally: executable, ["fuzz-evaluate", "--property", String(propertyIndex)], backtraces: backtraces)
        current.withLock { $0 = started }
        guard started.readLine(timeout: .seconds(Int64(FuzzJob.startTimeout))).line == "READY" else {
            started.kill()
            _ = started.waitForExit()
            current.withLock { if $0 === started { $0 = nil } }
            throw EvaluatorError()
        }
        return started
    }

    private struct EvaluatorError: Error {}

    /// Replays `choices` in the evaluator; a crash or a hang counts as a failure that says so. With
    /// `knownFailure`, the case is known to fail that way (it just did, in the worker): only its bounds
    /// and spans are read, and the evaluator is restarted rather than waiting out a hang again.
    func evaluate(_ choices: ChoiceSequence, knownFailure: String? = nil) -> ReplayedCase {
        let passed = ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil)
        guard !budget.isStopping, let channel = try? evaluator(), !budget.isStopping else { return passed }
        channel.send("EVAL \(ReplayToken(propertyID: propertyID, choices: choices))")
        let first = channel.readLine(timeout: caseTimeout)
        guard let line = first.line, var replayed = EvaluationProtocol.replayedCase(line) else {
            let failure = ended(channel, timedOut: first.timedOut, while: "generating")
            return budget.isStopping ? passed : ReplayedCase(choices: choices, bounds: [], spans: [], failure: failure)
        }
        if let knownFailure {
            channel.kill()
            _ = ended(channel, timedOut: true, while: "running")
            replayed.failure = knownFailure
            return replayed
        }
        let result = channel.readLine(timeout: caseTimeout)
        switch result.line {
        case "PASS"?:
            break
        case let line? where line.hasPrefix("FAIL "):
            replayed.failure = EvaluationProtocol.text(after: "FAIL ", in: line)
        default:
            let failure = ended(channel, timedOut: result.timedOut, while: "running")
            // Killed because the run is stopping: the candidate's outcome is unknown, not a failure.
            replayed.failure = budget.isStopping ? nil : failure
        }
        return replayed
    }

    /// The choices of the case a worker started from `start` (its flight recorder's state), regenerated
    /// in the evaluator; `nil` when generating it crashed or hung too.
    func regenerate(_ start: RandomSource) -> ChoiceSequence? {
        guard let channel = try? evaluator() else { return nil }
        channel.send("REGENERATE " + start.state.map(String.init).joined(separator: " "))
        let answer = channel.readLine(timeout: caseTimeout)
        guard let line = answer.line, line.hasPrefix("CHOICES "), let token = try? ReplayToken(parsing: String(line.dropFirst(8))) else {
            _ = ended(channel, timedOut: answer.timedOut, while: "generating")
            return nil
        }
        return token.choices
    }

    /// Describes the value of `choices`, in the evaluator.
    func describe(_ choices: ChoiceSequence) -> String {
        guard let channel = try? evaluator() else { return "(the evaluator could not start)" }
        channel.send("DESCRIBE \(ReplayToken(propertyID: propertyID, choices: choices))")
        let answer = channel.readLine(timeout: caseTimeout)
        guard let line = answer.line, let text = EvaluationProtocol.text(after: "VALUE ", in: line) else {
            _ = ended(channel, timedOut: answer.timedOut, while: "describing")
            return "(describing the value \(answer.timedOut ? "hung" : "crashed"))"
        }
        return text
    }

    /// Records how the evaluator ended and forgets it, so the next candidate starts a fresh one.
    private func ended(_ channel: ChildProcess, timedOut: Bool, while doing: String) -> String {
        if timedOut { channel.kill() }
        let ending = channel.waitForExit()
        current.withLock { if $0 === channel { $0 = nil } }
        // Stopped from outside (Ctrl-C reaches the whole process group): the run stops, and the
        // callers, seeing it stop, count no failure.
        if let signal = ending.stopSignal { budget.requestStop(signal: signal) }
        if timedOut { return "hung: no answer within \(caseTimeout) while \(doing) the case" }
        return "crashed with \(ending.description) while \(doing) the case" + (channel.lastWords().map { ":\n" + $0 } ?? "")
    }

    /// Shrinks a case that crashed or hung (`failure` says how) until `end` or a stop request: the
    /// smallest failing case found, the steps taken, and why shrinking stopped early, if it did.
    func shrinkCase(_ choices: ChoiceSequence, failure: String, hang: Bool, end: Date) async -> (best: ReplayedCase, steps: Int, note: String?) {
        let unshrunk = ReplayedCase(choices: choices, bounds: [], spans: [], failure: failure)
        if let reason = stopReason(end: end) { return (unshrunk, 0, "not shrunk: \(reason)") }
        let start = evaluate(choices, knownFailure: failure)
        guard start.failure != nil else { return (unshrunk, 0, stopReason(end: end).map { "not shrunk: \($0)" }) }
        var configuration = RunConfiguration()
        configuration.shrinkAttemptLimit = hang ? 60 : 2_000
        configuration.shrinkTimeLimit = .milliseconds(Int64(max(end.timeIntervalSinceNow, 0) * 1000) + 1)
        let stoppedBy = LockedValue<String?>(nil)
        let outcome = await Tally.shrink(start, configuration: configuration) { candidate in
            // The shrinker checks its own time only now and then; a candidate may take a case timeout.
            if let reason = self.stopReason(end: end) {
                stoppedBy.withLock { $0 = $0 ?? reason }
                return ReplayedCase(choices: candidate, bounds: [], spans: [], failure: nil)
            }
            return self.evaluate(candidate)
        }
        return (outcome.best, outcome.steps, stoppedBy.withLock { $0 }.map { "shrinking \($0)" })
    }

    /// Why shrinking must stop now, if it must.
    private func stopReason(end: Date) -> String? {
        if let signal = budget.stopSignal { return "stopped by \(FuzzStopSignals.name(signal))" }
        return Date() >= end ? "stopped at the time budget" : nil
    }
}
