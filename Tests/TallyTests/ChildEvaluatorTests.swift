import Foundation
import Testing

@testable import Tally

/// ``ChildEvaluator``: how a case evaluated in a child ended.
@Suite struct ChildEvaluatorTests {
    /// A child that says it is ready, then never answers.
    static func silentChild() throws -> any EvaluatorChannel {
        try ChildProcess(standardStreams: "/bin/sh", arguments: ["/bin/sh", "-c", "echo READY; exec sleep 60"])
    }

    /// A stop ends the case in flight as `.stopped`, its own verdict: before, it was
    /// `.unavailable("stopped")`, which every caller had to tell from a real failure to start by its words.
    @Test func aStopEndsTheCaseInFlightAsStopped() throws {
        let evaluator = ChildEvaluator(
            propertyID: "p", timeout: .seconds(30), startupTimeout: .seconds(30), start: Self.silentChild)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { evaluator.stop() }
        let verdict = evaluator.evaluate([1, 2])
        #expect(verdict == .stopped)
        #expect(verdict.isUnavailable && verdict.failure == "stopped")
    }

    /// A child that cannot answer in time is hung; one that cannot start is unavailable, with why.
    @Test func aSilentChildIsHungAndAMissingOneUnavailable() {
        let silent = ChildEvaluator(
            propertyID: "p", timeout: .milliseconds(300), startupTimeout: .seconds(30), start: Self.silentChild)
        guard case .hung = silent.evaluate([1]) else { Issue.record("not hung"); return }
        let missing = ChildEvaluator(propertyID: "p", timeout: .seconds(1), startupTimeout: .seconds(1)) {
            try ChildProcess(standardStreams: "/nonexistent/tally", arguments: ["tally"])
        }
        let verdict = missing.evaluate([1])
        #expect(verdict.isUnavailable && verdict != .stopped, "\(verdict)")
    }
}
