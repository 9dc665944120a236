import Foundation
import Tally
@testable import TallyCommandLine
import Testing

/// `CrashRecovery.shrinkCase` says why shrinking stopped in the words every caller prints: a run
/// stopped before any candidate ran says `not shrunk`, never `shrinking stopped` (what `tally check`
/// printed before), and the case keeps the verdict it came with.
@Suite struct CrashRecoveryNoteTests {
    @Test func aCaseStoppedBeforeShrinkingSaysNotShrunkAndKeepsItsVerdict() async {
        let budget = FuzzBudget(seconds: nil)
        budget.requestStop(signal: SIGINT)
        // No process starts: the stop is seen before the first candidate.
        let recovery = CrashRecovery(
            executable: "/nonexistent/tally", propertyIndex: 0, propertyID: "p", caseTimeout: .seconds(1), budget: budget)
        let choices = ChoiceSequence([])
        let shrunk = await recovery.shrinkCase(choices, verdict: .hung("hung: a case ran longer than 1 s"), end: .distantFuture)
        #expect(shrunk.note == "not shrunk: stopped by SIGINT")
        #expect(shrunk.verdict == .hung("hung: a case ran longer than 1 s"))
        #expect(shrunk.attempts == 0)
    }

    @Test func aNoteAfterCandidatesRanSaysShrinking() {
        #expect(CrashRecovery.note("stopped at the time budget", attempts: 3) == "shrinking stopped at the time budget")
        #expect(CrashRecovery.note("stopped by SIGTERM", attempts: 0) == "not shrunk: stopped by SIGTERM")
    }
}
