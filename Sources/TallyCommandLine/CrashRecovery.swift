import Foundation
import Tally

/// Shrinks a case that crashed or hung a worker, replaying every candidate in a child evaluator
/// process (`tally fuzz-evaluate`) that is restarted whenever a candidate kills or hangs it.
final class CrashRecovery: @unchecked Sendable {
    let executable: String
    let propertyIndex: Int
    let propertyID: String
    let caseTimeout: Duration
    private var channel: ProcessChannel?

    init(executable: String, propertyIndex: Int, propertyID: String, caseTimeout: Duration) {
        self.executable = executable
        self.propertyIndex = propertyIndex
        self.propertyID = propertyID
        self.caseTimeout = caseTimeout
    }

    deinit { channel?.kill() }

    private func evaluator() throws -> ProcessChannel {
        if let channel { return channel }
        let started = try ProcessChannel(executable: executable, arguments: ["fuzz-evaluate", "--property", String(propertyIndex)])
        channel = started
        return started
    }

    /// Replays `choices` in the evaluator; a crash or a hang counts as a failure that says so.
    func evaluate(_ choices: ChoiceSequence) -> ReplayedCase {
        let token = ReplayToken(propertyID: propertyID, choices: choices)
        guard let channel = try? evaluator() else {
            return ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil)
        }
        channel.send("EVAL \(token)")
        var replayed = ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil)
        let first = channel.readLine(timeout: caseTimeout)
        if let line = first.line, line.hasPrefix("CASE "), let parsed = try? JSONDecoder().decode(FuzzEvaluateCommand.CaseLine.self, from: Data(line.dropFirst(5).utf8)),
            let replayedToken = try? ReplayToken(parsing: parsed.choices)
        {
            replayed = ReplayedCase(choices: replayedToken.choices, bounds: parsed.bounds, spans: parsed.spans.map { $0[0]..<$0[1] }, failure: nil)
        } else {
            replayed.failure = ended(channel, timedOut: first.timedOut, while: "generating")
            return replayed
        }
        let result = channel.readLine(timeout: caseTimeout)
        switch result.line {
        case "PASS"?:
            break
        case let line? where line.hasPrefix("FAIL "):
            replayed.failure = (try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(5).utf8))) ?? String(line.dropFirst(5))
        default:
            replayed.failure = ended(channel, timedOut: result.timedOut, while: "running")
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
        guard let line = answer.line, line.hasPrefix("VALUE "), let text = try? JSONDecoder().decode(String.self, from: Data(line.dropFirst(6).utf8)) else {
            _ = ended(channel, timedOut: answer.timedOut, while: "describing")
            return "(describing the value \(answer.timedOut ? "hung" : "crashed"))"
        }
        return text
    }

    /// Records how the evaluator ended and forgets it, so the next candidate starts a fresh one.
    private func ended(_ channel: ProcessChannel, timedOut: Bool, while doing: String) -> String {
        if timedOut { channel.kill() }
        let ending = channel.waitForExit()
        self.channel = nil
        return timedOut ? "hung: no answer within \(caseTimeout) while \(doing) the case" : "crashed with \(ending.description) while \(doing) the case"
    }

    /// Shrinks a crashing or hanging case with a budget fitted to the cost of its candidates.
    func shrinkCase(_ choices: ChoiceSequence, hang: Bool) async -> (best: ReplayedCase, steps: Int) {
        let start = evaluate(choices)
        guard start.failure != nil else { return (ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil), 0) }
        var configuration = RunConfiguration()
        configuration.shrinkAttemptLimit = hang ? 60 : 2_000
        configuration.shrinkTimeLimit = .seconds(hang ? 60 : 120)
        let outcome = await Tally.shrink(start, configuration: configuration) { candidate in self.evaluate(candidate) }
        return (outcome.best, outcome.steps)
    }
}
