import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// The rules ``CaseRecovery`` decides once for `swift test`, `tally check` and `tally fuzz`.
@Suite struct CaseRecoveryTests {
    /// A recovery whose evaluators cannot start: nothing in it may need a process.
    static let noProcess = CaseRecovery(propertyID: "p", caseTimeout: .seconds(1)) { _, timeout in
        ChildEvaluator(propertyID: "p", timeout: timeout, startupTimeout: .seconds(1)) {
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// Before, `tally check` and `tally fuzz` let a crash shrink into an ordinary failure (another bug,
    /// found by the ordinary search), while `swift test` did not.
    @Test func shrinkingKeepsTheKindOfFailure() {
        let crash = ChildEvaluator.Verdict.crashed("crashed with signal 4 (SIGILL)"),
            hang = ChildEvaluator.Verdict.hung("hung")
        let ordinary = ChildEvaluator.Verdict.failed("n < 500000")
        #expect(
            CaseRecovery.sameKind(crash, hang) && CaseRecovery.sameKind(hang, crash)
                && CaseRecovery.sameKind(crash, crash))
        #expect(CaseRecovery.sameKind(ordinary, ordinary))
        #expect(
            !CaseRecovery.sameKind(ordinary, crash) && !CaseRecovery.sameKind(crash, ordinary)
                && !CaseRecovery.sameKind(ordinary, hang))
        #expect(
            !CaseRecovery.sameKind(.passed, crash) && !CaseRecovery.sameKind(.unavailable("no process"), crash)
                && !CaseRecovery.sameKind(.stopped, hang))
    }

    /// A run stopped before any candidate ran: the case keeps the verdict it came with, and shrinking
    /// says why it stopped (`tally check` printed `shrinking stopped` for a case never shrunk).
    @Test func aCaseStoppedBeforeShrinkingKeepsItsVerdictAndSaysWhy() async {
        let shrunk = await Self.noProcess.shrink(ChoiceSequence([]), verdict: .hung("hung: a case ran longer than 1 s"))
        { "stopped by SIGINT" }
        #expect(shrunk.verdict == .hung("hung: a case ran longer than 1 s"))
        #expect(shrunk.attempts == 0 && shrunk.steps == 0)
        #expect(shrunk.stoppedBecause == "stopped by SIGINT")
    }

    /// A case that could not be evaluated is not passed: no process, no verdict but `unavailable`.
    @Test func aCaseNoProcessCanRunIsUnavailableNotPassed() async {
        let (choices, verdict) = await Self.noProcess.reproduce(
            ReplayToken(propertyID: "p", choices: ChoiceSequence([])))
        #expect(choices != nil)
        #expect(verdict.isUnavailable, "\(verdict)")
    }
    /// Before, a stop that cut off the run with the runtime's backtrace left a crash reading only
    /// `crashed with signal 4 (SIGILL) while running the case`, as if the runtime had said nothing.
    @Test func aCrashWhoseBacktraceRunWasStoppedSaysTheMessageWasCutOff() {
        let bare = ChildEvaluator.Verdict.crashed("crashed with signal 4 (SIGILL) while running the case")
        #expect(
            CaseRecovery.explanation(of: bare, backtraceRun: .stopped)
                == .crashed(
                    "crashed with signal 4 (SIGILL) while running the case (the run was stopped before the "
                        + "runtime's message could be read: replaying the case shows it)"))
        // A message already read is kept as it is; a backtrace run that crashed again explains the crash.
        let said = ChildEvaluator.Verdict.crashed(
            "crashed with signal 4 (SIGILL) while running the case:\nFatal error: boom")
        #expect(CaseRecovery.explanation(of: said, backtraceRun: .stopped) == said)
        #expect(CaseRecovery.explanation(of: bare, backtraceRun: said) == said)
        #expect(CaseRecovery.explanation(of: bare, backtraceRun: .passed) == bare)
    }

    /// A case that crashed while its value was made is made once more with backtraces, as a crash
    /// running is run once more: its failure quotes the runtime's message. Before, a generator that
    /// trapped said only `crashed with signal 4 (SIGILL) while generating the case`.
    @Test func aCrashWhileMadeIsExplainedByMakingTheCaseAgainWithBacktraces() async {
        let log = ChildLog()
        let recovery = ScriptedChild.recovery(
            log, dyingOn: "REGENERATE", explanation: "Swift runtime failure: arithmetic overflow")
        let token = ReplayToken(propertyID: "p", randomStart: RandomSource(seed: 5))
        let bare = ChildEvaluator.Verdict.crashed("crashed with signal 4 (SIGILL) while generating the case")
        #expect(
            await recovery.explained(making: token, bare)
                == .crashed(
                    "crashed with signal 4 (SIGILL) while generating the case:\n"
                        + "Swift runtime failure: arithmetic overflow"))
        #expect(log.entries == ["start", "REGENERATE"], "made once, never run: \(log.entries)")
        // Only a crash is explained: a hang would only hang again.
        let hang = ChildEvaluator.Verdict.hung("hung: no answer within 1 s while generating the case")
        #expect(await recovery.explained(making: token, hang) == hang)
        #expect(log.entries.count == 2, "\(log.entries)")
    }
}
