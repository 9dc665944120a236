import Foundation
import Testing

@testable import Tally

/// ``ChildEnding/stopSignal``: a child that ends by a signal a person or CI sends to stop a run
/// (SIGINT, SIGTERM, SIGHUP) was interrupted, never crashed; every signal a case can raise by
/// crashing, and SIGKILL (the out-of-memory killer's), stays a crash.
@Suite struct ChildEndingTests {
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalSentToStopTheRunIsAStop(signal: Int32) {
        #expect(ChildEnding.signal(signal).stopSignal == signal)
    }

    @Test(arguments: [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGKILL, SIGPIPE])
    func aSignalACaseCanRaiseIsNoStop(signal: Int32) {
        #expect(ChildEnding.signal(signal).stopSignal == nil)
    }

    @Test func anExitStatusIsNoStopEvenOneThatLooksLikeASignal() {
        #expect(ChildEnding.status(130).stopSignal == nil)
        #expect(ChildEnding.status(0).stopSignal == nil)
    }

    @Test func theSignalsAreNamed() {
        #expect(ChildEnding.signal(SIGHUP).description == "signal 1 (SIGHUP)")
        #expect(ChildEnding.signal(SIGINT).description == "signal 2 (SIGINT)")
    }

    /// An evaluator child that dies of SIGINT while it runs a case (Control-C reached its process
    /// group) is no crash of the case: the verdict is "unavailable", which no caller saves or shrinks.
    /// Before, it was `crashed with signal 2 (SIGINT)`, and the case was saved as a finding.
    @Test(arguments: [
        (ChildEnding.signal(SIGINT), false), (.signal(SIGTERM), false), (.signal(SIGHUP), false),
        (.signal(SIGSEGV), true), (.signal(SIGKILL), true),
    ])
    func anEvaluatorStoppedFromOutsideReportsNoCrash(ending: ChildEnding, isCrash: Bool) {
        let evaluator = ChildEvaluator(propertyID: "p", timeout: .seconds(1), startupTimeout: .seconds(1)) {
            DyingChannel(ending)
        }
        let verdict = evaluator.evaluate(ChoiceSequence([1, 2]))
        if case .crashed(let text) = verdict {
            #expect(isCrash, "\(text)")
        } else {
            #expect(!isCrash, "\(verdict)")
            if case .unavailable(let text) = verdict {
                #expect(text.contains("sent to stop the run"))
            } else {
                Issue.record("\(verdict)")
            }
        }
    }
}

/// A child that says it is ready, answers the first request with its case, then dies with `ending` while running it.
private final class DyingChannel: EvaluatorChannel, @unchecked Sendable {
    let ending: ChildEnding
    private var answers = [
        EvaluationProtocol.ready,
        "CASE "
            + String(
                decoding: try! JSONEncoder().encode(
                    EvaluationProtocol.CaseLine(
                        choices: ReplayToken(propertyID: "p", choices: ChoiceSequence([1, 2])).description, bounds: [],
                        shapes: [], origins: [], spans: [], discarded: false)), as: UTF8.self),
    ]

    init(_ ending: ChildEnding) { self.ending = ending }

    func send(_ line: String) {}
    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        (answers.isEmpty ? nil : answers.removeFirst(), false)
    }
    func kill() {}
    func waitForExit() -> ChildEnding { ending }
    func lastWords() -> String? { nil }
}
