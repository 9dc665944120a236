import Foundation
import Testing

/// Crash recovery for one property run inside a Swift Testing test (see <doc:CrashRecovery>).
///
/// While the property runs, a ``TrapFlight`` saves the case in flight if it kills the process. Before
/// it runs, whatever could kill this process is evaluated in children re-executing the test binary: the
/// token of `TALLY_REPLAY`, and the cases saved as `<folder>/trap-*.trap` when an earlier run died. A
/// case that still crashes is shrunk in children and reported as an ordinary failure.
struct TrapRecovery {
    let id: String
    let testID: String
    /// The absolute folder of saved failures, and this property's folder in it.
    let store: (directory: String, folder: String)?
    let flight: TrapFlight?
    let caseTimeout: Duration

    /// The recovery of `id` in the current test, with a flight armed and its recorder put into
    /// `configuration`; `nil` outside a test. Cases are saved in the folder of `folderName` (or `id`).
    init?(id: String, replay: ReplayLine, configuration: inout RunConfiguration, folderName: String? = nil) {
        guard let test = Test.current else { return nil }
        self.id = id
        testID = String(describing: test.id)
        caseTimeout = configuration.caseTimeout
        store = configuration.exampleDirectory.map { directory in
            let absolute =
                directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
            return (absolute, ExampleStore(directory: absolute).folder(for: folderName ?? id))
        }
        flight =
            TestProcessEvaluator.request == nil
            ? TrapFlight.arm(
                propertyID: id, folder: store?.folder, replay: replay, caseTimeout: configuration.caseTimeout) : nil
        if let flight { configuration.flightRecorder = flight.recorder }
    }

    /// Runs `engine`, with `recovery` when there is one; `nil` when this process only evaluates cases
    /// for a parent (then there is nothing to report).
    static func run(_ engine: AnyPropertyEngine, _ recovery: TrapRecovery?, _ configuration: RunConfiguration) async
        -> PropertyResult?
    {
        guard let recovery else { return await engine.run() }
        return await recovery.run(engine, configuration)
    }

    private func run(_ engine: AnyPropertyEngine, _ configuration: RunConfiguration) async -> PropertyResult? {
        if await TestProcessEvaluator.serveIfAsked(engine, propertyID: id) { return nil }
        defer { flight?.disarm() }
        if let token = configuration.replay, token.belongs(to: id) {
            if let crash = await probe(token, configuration) { return crash }
        } else if let crash = await recheckSavedTraps(configuration) {
            return crash
        }
        return await TrapFlight.$current.withValue(flight) { await engine.run() }
    }

    private func recovery(explaining: Bool = false) -> CaseRecovery {
        CaseRecovery(propertyID: id, caseTimeout: caseTimeout, explaining: explaining) {
            [id, testID] backtraces, caseTimeout in
            TestProcessEvaluator.evaluator(
                propertyID: id, testID: testID, backtraces: backtraces, caseTimeout: caseTimeout)
        }
    }

    /// Replays `token` in a child first: a case that crashes or hangs is reported from there; any other
    /// is left to the engine, in process, where a debugger and `print` work as usual.
    private func probe(_ token: ReplayToken, _ configuration: RunConfiguration) async -> PropertyResult? {
        // One run with the backtrace on says how the case crashes: it is replayed, never shrunk.
        let recovery = recovery(explaining: true)
        let (choices, verdict) = await recovery.reproduce(token)
        switch verdict {
        case .crashed, .hung:
            let value: String? = if let choices { await recovery.describe(choices) } else { nil }
            return failure(token: token, choices, verdict, value: value, origin: .replay, configuration)
        case .passed, .failed, .unavailable, .stopped:
            return nil
        }
    }

    /// Rechecks each case saved when an earlier run died: one that still crashes or hangs is shrunk and
    /// reported; one that fails in the ordinary way becomes a saved failure; one that passes is removed.
    private func recheckSavedTraps(_ configuration: RunConfiguration) async -> PropertyResult? {
        guard let store, let names = try? FileManager.default.contentsOfDirectory(atPath: store.folder) else {
            return nil
        }
        for name in names.sorted() where name.hasSuffix(".trap") && !name.hasPrefix(".") {
            let path = store.folder + "/" + name
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n")
            guard let token = try? ReplayToken(parsing: String(lines.first ?? "")), token.belongs(to: id) else {
                warn("tally: warning: skipped \(path): it does not hold a replay token of \(id)")
                continue
            }
            let recovery = recovery()
            let (replayed, verdict) = await recovery.reproduce(token)
            switch (verdict, replayed) {
            case (.passed, _):
                // A suspect was only running when another thread died; the case that died passing now
                // means a fix, or a crash that needs more than this case: say so.
                if !lines.contains("\(TrapFlight.suspectMark)") {
                    warn(
                        "tally: \(id): the case that killed an earlier run (saved in \(path)) "
                            + "passes now, run alone; removed it"
                    )
                }
                try? FileManager.default.removeItem(atPath: path)
            case (.failed, let replayed?):
                let example = ReplayToken(propertyID: id, choices: replayed)
                // A `check` that saves no failures finds this ordinary failure, or another, by its search.
                if configuration.exampleDirectory != nil,
                    (try? ExampleStore(directory: store.directory).save(example, propertyID: id)) == nil
                {
                    // Not moved to the saved failures, so the engine would not replay it: report it here.
                    let value = await recovery.describe(replayed)
                    return failure(
                        token: token, replayed, verdict, value: value, origin: .savedExample(path: path), configuration)
                }
                try? FileManager.default.removeItem(atPath: path)
            case (.crashed, let replayed?), (.hung, let replayed?):
                return await shrink(replayed, verdict: verdict, savedAt: path, recovery, configuration)
            case (.unavailable, _), (.stopped, _):
                // Not rechecked is not passed: the case stays saved, and fails this run with its token.
                return failure(
                    token: token, nil, verdict, value: "(not known: no process could replay the case)",
                    failure:
                        "the case saved in \(path) killed an earlier run, and could not be re-checked: "
                        + "\(verdict.failure ?? "")\n"
                        + "It stays saved; the next run checks it again.", origin: .savedExample(path: path),
                    savedPath: path, configuration)
            default:
                let value: String? = if let replayed { await recovery.describe(replayed) } else { nil }
                return failure(
                    token: token, replayed, verdict, value: value, origin: .savedExample(path: path), configuration)
            }
        }
        return nil
    }

    /// Shrinks a case that crashes or hangs its process; saves it in place of the one at `path`.
    private func shrink(
        _ failing: ChoiceSequence, verdict: ChildEvaluator.Verdict, savedAt path: String, _ recovery: CaseRecovery,
        _ configuration: RunConfiguration
    ) async -> PropertyResult {
        let shrunk = await recovery.shrink(failing, verdict: verdict, limits: configuration)
        let token = ReplayToken(propertyID: id, choices: shrunk.best)
        let savedPath = replaceSavedTrap(at: path, with: token)
        return result(
            Counterexample(
                value: shrunk.value, failure: shrunk.verdict.failure ?? "", originalValue: shrunk.originalValue,
                token: token,
                origin: .savedExample(path: savedPath), shrinkSteps: shrunk.steps, shrinkAttempts: shrunk.attempts,
                shrinkDuration: shrunk.duration, shrinkBudgetExhausted: shrunk.stoppedBecause, reproduced: true,
                savedPath: savedPath), configuration)
    }

    /// Saves `token` as a trapping case and removes the one at `path`; the path that holds it now.
    private func replaceSavedTrap(at path: String, with token: ReplayToken) -> String {
        guard let store else { return path }
        let text = token.description
        let replacement = store.folder + "/trap-" + StableHash.hex(text) + ".trap"
        guard replacement != path, (try? AtomicFile.write(text + "\n", to: replacement)) != nil else { return path }
        try? FileManager.default.removeItem(atPath: path)
        return replacement
    }

    /// The report of a case that crashed or hung, not shrunk (`failure`: what the verdict says).
    private func failure(
        token: ReplayToken, _ replayed: ChoiceSequence?, _ verdict: ChildEvaluator.Verdict, value: String?,
        failure: String? = nil,
        origin: Counterexample.Origin, savedPath: String? = nil, _ configuration: RunConfiguration
    ) -> PropertyResult {
        let value = value ?? "(not known: generating the value \(verdict.failure ?? "failed"))"
        return result(
            Counterexample(
                value: value, failure: failure ?? verdict.failure ?? "", originalValue: value,
                token: replayed.map { ReplayToken(propertyID: id, choices: $0) } ?? token, origin: origin,
                shrinkSteps: 0, shrinkAttempts: 0, shrinkDuration: .zero, shrinkBudgetExhausted: nil, reproduced: true,
                savedPath: savedPath), configuration)
    }

    private func result(_ example: Counterexample, _ configuration: RunConfiguration) -> PropertyResult {
        PropertyResult(
            propertyID: id, outcome: .failed(example), seed: configuration.seed ?? StableHash.of(id), casesRun: 1,
            casesDiscarded: 0, duration: .zero, labels: LabelCounts())
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
