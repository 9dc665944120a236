import Foundation
import Testing

extension Property {
    /// ``check(_:fileID:filePath:line:column:)`` inside a Swift Testing test, guarded as `forAll` is (see
    /// <doc:CrashRecovery>); `nil` outside a test. A case that kills the process is recovered by the next
    /// run, recorded as an issue at `sourceLocation` and returned: a planted-bug test expects a failure,
    /// so a crash must not pass for the one it expects.
    ///
    /// The case is saved under `configuration`'s example directory or, when that is `nil`, the
    /// environment's, in a folder of this test's own: a mutant's property shares its name with the
    /// production one, whose `verify` must not take the mutant's trap for its own.
    func checkInTest(_ configuration: RunConfiguration, sourceLocation: SourceLocation) async -> PropertyResult? {
        // A caller with a recorder of its own supervises the run itself, as `tally check`'s worker does;
        // so does one that replays a token it was given (`tally replay` run in process): probing that
        // token in a child would run the calling test again in the child, up to this call.
        guard let test = Test.current, configuration.flightRecorder == nil, configuration.replay == nil else {
            return nil
        }
        let environment = TestRunEnvironment.configuration(sourceLocation: sourceLocation)
        var configuration = configuration
        if let token = environment.replay, token.belongs(to: id) { configuration.replay = token }
        if ProcessInfo.processInfo.environment["TALLY_CASE_TIMEOUT"] != nil {
            configuration.caseTimeout = environment.caseTimeout
        }
        let filter = ReplayLine.swiftTestFilter(for: test)
        let replay = ReplayLine.swiftTest(filter: filter)
        var guarded = configuration
        guarded.exampleDirectory = configuration.exampleDirectory ?? environment.exampleDirectory
        let recovery = TrapRecovery(
            id: id, replay: replay, configuration: &guarded, folderName: "\(id) checked in \(filter)")
        configuration.flightRecorder = guarded.flightRecorder
        guard let result = await TrapRecovery.run(makeEngine(configuration), recovery, configuration) else {
            // This process only evaluates cases for its parent: the test goes on without this property.
            return PropertyResultRecord.gaveUp(
                propertyID: id, seed: configuration.seed ?? StableHash.of(id),
                reason: "not run: this process evaluates another run's cases for crash recovery")
        }
        // No case started in process: the result is recovery's, a crash or a hang of an earlier run.
        let recovered = guarded.flightRecorder.map { $0.memory[1] &+ $0.memory[7] == 0 } ?? false
        if recovered, let report = result.failureReport(replay: replay) {
            Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
        }
        return result
    }
}
