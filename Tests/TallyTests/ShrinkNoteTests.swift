import Foundation
import Testing

@testable import Tally

/// A counterexample shrunk in child processes carries a note saying why shrinking stopped; the
/// report says it once, without repeating a word.
@Suite struct ShrinkNoteTests {
    func report(note: String) -> String {
        let record = PropertyResultRecord(
            propertyID: "p", seed: 1, casesRun: 3, duration: .milliseconds(5), value: "7", failure: "boom",
            originalValue: "7",
            token: ReplayToken(propertyID: "p", choices: []), origin: .search, shrinkSteps: 1, shrinkAttempts: 1,
            shrinkDuration: .zero, shrinkNote: note, reproduced: true, savedPath: nil, seedWasGiven: false)
        return record.result?.failureReport(replayCommand: "swift test") ?? ""
    }

    @Test func aNoteThatSaysShrinkingIsNotPrefixedAgain() {
        #expect(
            report(note: "shrinking stopped at the time budget").contains(
                "\nShrinking stopped at the time budget; the counterexample may not be minimal."))
        #expect(
            report(note: "not shrunk: stopped by SIGINT").contains(
                "\nNot shrunk: stopped by SIGINT; the counterexample may not be minimal."))
        #expect(report(note: "stopped after 2000 attempts").contains("\nShrinking stopped after 2000 attempts;"))
        #expect(!report(note: "shrinking stopped at the time budget").contains("Shrinking shrinking"))
    }
}
