import Foundation
import Testing

/// ``TrapFlight`` gives each thread that runs a case a stack for the signal handler, once per thread:
/// a case that overflows its own stack is still saved and announced.
@Suite struct TrapFlightTests {
    @Test func aCaseThatOverflowsItsStackIsSavedAndAnnounced() async throws {
        let examples = NSTemporaryDirectory() + "tally-trap-stack-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: examples) }
        let run = try await TrapRecoveryTests.runTests("PlantedStackOverflow/overflowingStack", examples: examples)
        #expect(
            run.signal == SIGSEGV || run.signal == SIGBUS, "the run dies of the overflow's own signal:\n\(run.output)")
        #expect(run.output.contains("was running a case when"), "\(run.output)")
        let savedPath = try #require(TrapRecoveryTests.firstMatch("Saved the case to (.+?\\.trap)", in: run.output))
        #expect(FileManager.default.fileExists(atPath: savedPath))
    }
}
