import Foundation
import Testing

@testable import Tally
@testable import TallyCommandLine

/// `tally check` and `tally fuzz` say why shrinking stopped in the same words, and a run stopped before
/// any candidate ran says `not shrunk`, never `shrinking stopped` (what `tally check` printed before).
@Suite struct EvaluateChildrenTests {
    static func shrunk(attempts: Int, stoppedBecause: String?) -> CaseRecovery.Shrunk {
        CaseRecovery.Shrunk(
            best: ChoiceSequence([]), verdict: .hung("hung"), value: "0", originalValue: "0", steps: 0,
            attempts: attempts,
            duration: .zero, stoppedBecause: stoppedBecause)
    }

    @Test func theNoteSaysWhetherAnyCandidateRan() {
        #expect(
            Self.shrunk(attempts: 3, stoppedBecause: "stopped at the time budget").note
                == "shrinking stopped at the time budget")
        #expect(Self.shrunk(attempts: 0, stoppedBecause: "stopped by SIGTERM").note == "not shrunk: stopped by SIGTERM")
        #expect(Self.shrunk(attempts: 5, stoppedBecause: nil).note == nil)
    }

    /// The stop reason of a budget: a signal first, then the end of the time given to shrinking.
    @Test func shrinkingStopsForASignalOrAtTheEnd() {
        let budget = FuzzBudget(seconds: nil)
        #expect(budget.shrinkStopReason(end: .distantFuture) == nil)
        #expect(budget.shrinkStopReason(end: .distantPast) == "stopped at the time budget")
        budget.requestStop(signal: SIGINT)
        #expect(budget.shrinkStopReason(end: .distantPast) == "stopped by SIGINT")
    }
}
