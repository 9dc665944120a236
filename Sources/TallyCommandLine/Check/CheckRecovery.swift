import Foundation
import Tally

/// What `tally check` reports for a property whose case killed or hung the worker running it
/// (``CheckWorker``): the case in flight found again, shrunk in `tally fuzz-evaluate` children and
/// explained with the runtime's message (``CaseRecovery``), and saved like any failure.
struct CheckRecovery {
    let executable: String
    let index: Int
    let property: Property
    let configuration: RunConfiguration
    let caseTimeout: Double
    /// The run's stop request: it ends recovery and shrinking, keeping what was found.
    var stop = FuzzBudget(seconds: nil)

    /// Recovers the case that killed the worker (`crash`: how it ended) or hung it (`crash` is `nil`):
    /// the `announced` token (the worker names the case in flight as it dies of a signal), else the
    /// replay token, the search's case in flight (`flightStart`, after `casesStarted` cases) or the
    /// saved failures, which the property replays first.
    func recover(
        crash: ChildEnding?, announced: ReplayToken?, flightStart: RandomSource?, casesStarted: Int, started: Date
    ) async -> PropertyResult {
        let recovery = CaseRecovery.tally(
            executable, propertyIndex: index, propertyID: property.id, caseTimeout: caseTimeout)
        return await stop.stopping(recovery) {
            await recover(
                recovery, crash: crash, announced: announced, flightStart: flightStart, casesStarted: casesStarted,
                started: started)
        }
    }

    func recover(
        _ recovery: CaseRecovery, crash: ChildEnding?, announced: ReplayToken?, flightStart: RandomSource?,
        casesStarted: Int, started: Date
    ) async -> PropertyResult {
        let what =
            crash.map { "crashed with \($0.description)" }
            ?? "hung: a case ran longer than the \(FuzzJob.seconds(caseTimeout)) case timeout"
        let candidates = candidates(announced: announced, flightStart: flightStart, casesStarted: casesStarted)
        let casesRun = max(casesStarted, 1)
        // A replay runs its one exact case: it is explained, not shrunk.
        let recovered = await recovery.recoverInFlight(
            candidates.map(\.0), limits: configuration,
            shrinking: candidates.contains { $0.1 == .replay } ? .nothing : .everyFailure
        ) { [stop] in stop.shrinkStopReason(end: $0) }
        switch recovered {
        case .reproduced(let index, let shrunk):
            return result(
                Facts(origin: candidates[index].1, casesRun: casesRun, started: started),
                token: ReplayToken(propertyID: property.id, choices: shrunk.best), value: shrunk.value,
                failure: shrunk.verdict.failure ?? "", shrunk: shrunk)
        case .failedWhileMade(let index, let token, let verdict):
            // A generator that traps: no choices to shrink, but the token replays it.
            return result(
                Facts(origin: candidates[index].1, casesRun: casesRun, started: started), token: token,
                value: InFlightRecovery.valueNotMade(verdict), failure: verdict.failure ?? "")
        case .notRechecked(let index, let token, let reason):
            // Not re-checked is not passed: the case is reported and saved with its token, to be checked again.
            let stopped = stop.stopSignal.map { "the run was stopped by \(StopSignals.name($0))" }
            return result(
                Facts(origin: candidates[index].1, casesRun: casesRun, started: started), token: token,
                value: InFlightRecovery.valueNotReplayed(stopped: stopped),
                failure: "\(what) in the worker process running it; the case in flight could not be re-checked: "
                    + (stopped ?? reason))
        case .passedAlone(let index, let choices, let value):
            // Run alone in a fresh process, the case passed: the crash needed more than this case.
            return result(
                Facts(origin: candidates[index].1, casesRun: casesRun, started: started),
                token: ReplayToken(propertyID: property.id, choices: choices), value: value,
                failure:
                    "\(what) in the worker process running it; replayed alone in a fresh process, "
                    + "the case in flight passed",
                reproduced: false)
        case .notFound:
            return Self.unrecoverable(
                property, configuration,
                "the worker process running it \(what), and the case in flight could not be found again")
        }
    }

    /// What is known of the case in flight before it is shrunk: where it was found, and the search.
    private struct Facts {
        let origin: Counterexample.Origin
        let casesRun: Int
        let started: Date
    }

    /// Where the case in flight may be, most likely first.
    private func candidates(announced: ReplayToken?, flightStart: RandomSource?, casesStarted: Int) -> [(
        ReplayToken, Counterexample.Origin
    )] {
        let saved =
            configuration.exampleDirectory.map { ExampleStore(directory: $0).load(propertyID: property.id) { _ in } }
            ?? []
        let replaying = configuration.replay.flatMap { $0.belongs(to: property.id) ? $0 : nil }
        let searchOrigin: Counterexample.Origin =
            casesStarted > 0 || saved.isEmpty ? .search : .savedExample(path: saved[0].path)
        if let announced {
            if replaying != nil { return [(announced, .replay)] }
            let origin =
                saved.first { $0.token == announced }.map { Counterexample.Origin.savedExample(path: $0.path) }
                ?? searchOrigin
            return [(announced, announced.randomStart != nil ? .search : origin)]
        }
        if let replaying { return [(replaying, .replay)] }
        // The search's case in flight, the size probe's draws included (they are not counted as cases).
        if let flightStart { return [(ReplayToken(propertyID: property.id, randomStart: flightStart), .search)] }
        return saved.map { ($0.token, .savedExample(path: $0.path)) }
    }

    /// The failure of the case `token` replays, of `value`, found as `facts` say and `shrunk` from the
    /// original case if it was, saved like any failure.
    private func result(
        _ facts: Facts, token: ReplayToken, value: String, failure: String, shrunk: CaseRecovery.Shrunk? = nil,
        reproduced: Bool = true
    ) -> PropertyResult {
        var savedPath: String?
        var notSaved: String?
        if facts.origin != .replay, let directory = configuration.exampleDirectory {
            let store = ExampleStore(directory: directory)
            do {
                savedPath = try store.save(token, propertyID: property.id)
                if case .savedExample(let path) = facts.origin, path != savedPath { store.remove(path: path) }
            } catch {
                // As fuzz says it: a failure no later run replays first must not look saved.
                notSaved = "\(error)"
            }
        }
        let record = PropertyResultRecord(
            propertyID: property.id, seed: configuration.seed ?? StableHash.of(property.id), casesRun: facts.casesRun,
            duration: .milliseconds(Int64(Date().timeIntervalSince(facts.started) * 1000)), value: value,
            failure: failure,
            originalValue: shrunk?.originalValue ?? value, token: token, origin: facts.origin,
            shrinkSteps: shrunk?.steps ?? 0, shrinkAttempts: shrunk?.attempts ?? 0,
            shrinkDuration: shrunk?.duration ?? .zero, shrinkNote: shrunk?.note,
            reproduced: reproduced, savedPath: savedPath, notSaved: notSaved, seedWasGiven: configuration.seed != nil)
        return record.result!
    }

    /// A property that failed in a way no case can show.
    static func unrecoverable(_ property: Property, _ configuration: RunConfiguration, _ reason: String)
        -> PropertyResult
    {
        PropertyResultRecord.gaveUp(
            propertyID: property.id, seed: configuration.seed ?? StableHash.of(property.id), reason: reason)
    }
}
