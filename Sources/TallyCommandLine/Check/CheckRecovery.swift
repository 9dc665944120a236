import Foundation
import Tally

/// What `tally check` reports for a property whose case killed or hung the worker running it
/// (``CheckWorker``): the case in flight found again, shrunk in `tally fuzz-evaluate` children
/// (``CrashRecovery``), explained with the runtime's message, and saved like any failure.
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
    func recover(crash: ChildEnding?, announced: ReplayToken?, flightStart: RandomSource?, casesStarted: Int, started: Date) async -> PropertyResult {
        let recovery = CrashRecovery(
            executable: executable, propertyIndex: index, propertyID: property.id, caseTimeout: timeout, budget: stop)
        let what = crash.map { "crashed with \($0.description)" } ?? "hung: a case ran longer than the \(FuzzJob.seconds(caseTimeout)) case timeout"
        var known: (choices: ChoiceSequence, origin: Counterexample.Origin)?
        var reproduced: (choices: ChoiceSequence, verdict: ChildEvaluator.Verdict)?
        var unavailable: (token: ReplayToken, origin: Counterexample.Origin, reason: String)?
        search: for (token, origin) in candidates(announced: announced, flightStart: flightStart, casesStarted: casesStarted) {
            let replayable = token.choices { start -> ChoiceSequence? in
                let regenerated = recovery.regenerate(start)
                if regenerated.verdict.isUnavailable { unavailable = unavailable ?? (token, origin, regenerated.verdict.failure ?? "") }
                return regenerated.choices
            }
            guard let choices = replayable else { continue }
            known = known ?? (choices, origin)
            let verdict = recovery.evaluate(choices)
            switch verdict {
            case .passed:
                continue
            case .unavailable, .stopped:
                unavailable = unavailable ?? (ReplayToken(propertyID: property.id, choices: choices), origin, verdict.failure ?? "")
            case .failed, .crashed, .hung:
                known = (choices, origin)
                reproduced = (choices, verdict)
                break search
            }
        }
        if reproduced == nil, let unavailable {
            // Not re-checked is not passed: the case is reported and saved with its token, to be checked again.
            return result(
                Facts(recovery: recovery, original: (unavailable.token.choices, unavailable.origin), casesRun: max(casesStarted, 1), started: started),
                token: unavailable.token, value: "(not known: no process could replay the case)",
                failure: "\(what) in the worker process running it; the case in flight could not be re-checked: "
                    + (stop.stopSignal.map { "the run was stopped by \(StopSignals.name($0))" } ?? unavailable.reason),
                steps: 0, attempts: 0, shrinkDuration: .zero, note: nil, reproduced: true)
        }
        guard let known else {
            return Self.unrecoverable(property, configuration, "the worker process running it \(what), and the case in flight could not be found again")
        }
        let facts = Facts(recovery: recovery, original: known, casesRun: max(casesStarted, 1), started: started)
        guard let reproduced else {
            // Run alone in a fresh process, the case passed: the crash needed more than this case.
            return result(
                facts, token: ReplayToken(propertyID: property.id, choices: known.choices),
                failure: "\(what) in the worker process running it; replayed alone in a fresh process, the case in flight passed",
                steps: 0, attempts: 0, shrinkDuration: .zero, note: nil, reproduced: false)
        }
        let shrinkStart = Date()
        let end = shrinkStart.addingTimeInterval(Double(configuration.shrinkTimeLimit.components.seconds))
        // A replay runs its one exact case, in process as here.
        let shrunk = known.origin == .replay
            ? (best: reproduced.choices, verdict: reproduced.verdict, steps: 0, attempts: 0, note: nil)
            : await recovery.shrinkCase(reproduced.choices, verdict: reproduced.verdict, end: end)
        let shrinkDuration = Duration.milliseconds(Int64(Date().timeIntervalSince(shrinkStart) * 1000))
        var explained = shrunk.verdict.failure ?? ""
        if case .crashed = shrunk.verdict {
            // Once more with the runtime's backtrace on, for its message and the place of the crash;
            // the backtracer may take seconds to read the symbols, which is no hang.
            let explainer = CrashRecovery(
                executable: executable, propertyIndex: index, propertyID: property.id, caseTimeout: .seconds(max(caseTimeout, 30)),
                budget: stop, backtraces: true)
            if case .crashed(let failure) = explainer.evaluate(shrunk.best) { explained = failure }
        }
        return result(
            facts, token: ReplayToken(propertyID: property.id, choices: shrunk.best), failure: explained, steps: shrunk.steps,
            attempts: shrunk.attempts, shrinkDuration: shrinkDuration, note: shrunk.note, reproduced: true)
    }

    /// What is known of the case in flight before it is shrunk.
    private struct Facts {
        let recovery: CrashRecovery
        let original: (choices: ChoiceSequence, origin: Counterexample.Origin)
        let casesRun: Int
        let started: Date
    }

    private var timeout: Duration { .milliseconds(Int64(caseTimeout * 1000)) }

    /// Where the case in flight may be, most likely first.
    private func candidates(announced: ReplayToken?, flightStart: RandomSource?, casesStarted: Int) -> [(ReplayToken, Counterexample.Origin)] {
        let saved = configuration.exampleDirectory.map { ExampleStore(directory: $0).load(propertyID: property.id) { _ in } } ?? []
        let replaying = configuration.replay.flatMap { $0.belongs(to: property.id) ? $0 : nil }
        let searchOrigin: Counterexample.Origin = casesStarted > 0 || saved.isEmpty ? .search : .savedExample(path: saved[0].path)
        if let announced {
            if replaying != nil { return [(announced, .replay)] }
            let origin = saved.first { $0.token == announced }.map { Counterexample.Origin.savedExample(path: $0.path) } ?? searchOrigin
            return [(announced, announced.randomStart != nil ? .search : origin)]
        }
        if let replaying { return [(replaying, .replay)] }
        // The search's case in flight, the size probe's draws included (they are not counted as cases).
        if let flightStart { return [(ReplayToken(propertyID: property.id, randomStart: flightStart), .search)] }
        return saved.map { ($0.token, .savedExample(path: $0.path)) }
    }

    /// The failure of the case `token` replays, found as `facts` say, saved like any failure; `value`
    /// when the value cannot be described.
    private func result(
        _ facts: Facts, token: ReplayToken, value: String? = nil, failure: String, steps: Int, attempts: Int, shrinkDuration: Duration,
        note: String?, reproduced: Bool
    ) -> PropertyResult {
        var savedPath: String?
        var notSaved: String?
        if facts.original.origin != .replay, let directory = configuration.exampleDirectory {
            let store = ExampleStore(directory: directory)
            do {
                savedPath = try store.save(token, propertyID: property.id)
                if case .savedExample(let path) = facts.original.origin, path != savedPath { store.remove(path: path) }
            } catch {
                // As fuzz says it: a failure no later run replays first must not look saved.
                notSaved = "\(error)"
            }
        }
        let value = value ?? facts.recovery.describe(token.choices)
        let record = PropertyResultRecord(
            propertyID: property.id, seed: configuration.seed ?? StableHash.of(property.id), casesRun: facts.casesRun,
            duration: .milliseconds(Int64(Date().timeIntervalSince(facts.started) * 1000)), value: value, failure: failure,
            originalValue: facts.original.choices == token.choices ? value : facts.recovery.describe(facts.original.choices), token: token,
            origin: facts.original.origin, shrinkSteps: steps, shrinkAttempts: attempts, shrinkDuration: shrinkDuration, shrinkNote: note,
            reproduced: reproduced, savedPath: savedPath, notSaved: notSaved, seedWasGiven: configuration.seed != nil)
        return record.result!
    }

    /// A property that failed in a way no case can show.
    static func unrecoverable(_ property: Property, _ configuration: RunConfiguration, _ reason: String) -> PropertyResult {
        PropertyResultRecord.gaveUp(propertyID: property.id, seed: configuration.seed ?? StableHash.of(property.id), reason: reason)
    }
}
