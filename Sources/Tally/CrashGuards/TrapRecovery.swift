import Foundation
import Testing

/// Crash recovery for one property run inside a Swift Testing test (see <doc:CrashRecovery>).
///
/// While the property runs, a ``TrapFlight`` saves the case in flight if it kills the process. Before
/// it runs, whatever could kill this process is evaluated in children re-executing the test binary: the
/// token of `TALLY_REPLAY`, and the cases saved as `<folder>/trap-*.trap` when an earlier run died. A
/// case that still crashes is shrunk in children and reported as an ordinary failure. What became of each
/// is decided by ``InFlightRecovery``, as for `tally check` and `tally fuzz`; this type only says it.
struct TrapRecovery {
    let id: String
    let testID: String
    /// The absolute folder of saved failures, and this property's folder in it.
    let store: (directory: String, folder: String)?
    let flight: TrapFlight?
    let caseTimeout: Duration

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
            // One run with the backtrace on says how the case crashes: it is replayed, never shrunk.
            if let crash = await probe(token, recovery(explaining: true), configuration) { return crash }
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

    /// Replays `token` in a child of `recovery` first: a case that crashes or hangs is reported from
    /// there, explained, never shrunk; any other is left to the engine, in process, where a debugger and
    /// `print` work as usual. `recovery` should explain: one run with the backtrace on says how it crashes.
    func probe(_ token: ReplayToken, _ recovery: CaseRecovery, _ configuration: RunConfiguration) async
        -> PropertyResult?
    {
        switch await recovery.recoverInFlight([token], shrinking: .nothing, stopReason: { _ in nil }) {
        case .reproduced(_, let found):
            guard found.verdict.endsTheProcess else { return nil }
            return failure(
                token: ReplayToken(propertyID: id, choices: found.best), value: found.value,
                failure: found.verdict.failure, origin: .replay, configuration)
        case .failedWhileMade(_, let token, let verdict):
            guard verdict.endsTheProcess else { return nil }
            return failure(
                token: token, value: InFlightRecovery.valueNotMade(verdict), failure: verdict.failure,
                origin: .replay, configuration)
        case .passedAlone, .notRechecked, .notFound:
            return nil
        }
    }

    /// Rechecks each case saved when an earlier run died (``recheck(savedAt:_:_:)``), until one fails.
    private func recheckSavedTraps(_ configuration: RunConfiguration) async -> PropertyResult? {
        guard let store, let names = try? FileManager.default.contentsOfDirectory(atPath: store.folder) else {
            return nil
        }
        for name in names.sorted() where name.hasSuffix(".trap") && !name.hasPrefix(".") {
            if let failure = await recheck(savedAt: store.folder + "/" + name, recovery(), configuration) {
                return failure
            }
        }
        return nil
    }

    /// Rechecks the case saved at `path` when an earlier run died, in children of `recovery`: one that
    /// still crashes or hangs is shrunk and reported; one that fails in the ordinary way becomes a saved
    /// failure, which the engine replays and shrinks in process; one that passes is removed; one that
    /// could not be rechecked fails this run and stays saved.
    func recheck(savedAt path: String, _ recovery: CaseRecovery, _ configuration: RunConfiguration) async
        -> PropertyResult?
    {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        guard let token = try? ReplayToken(parsing: String(lines.first ?? "")), token.belongs(to: id) else {
            warn("tally: warning: skipped \(path): it does not hold a replay token of \(id)")
            return nil
        }
        let recovered = await recovery.recoverInFlight(
            [token], limits: configuration, shrinking: .crashesAndHangs, stopReason: { _ in nil })
        switch recovered {
        case .passedAlone:
            // A suspect was only running when another thread died; the case that died passing now
            // means a fix, or a crash that needs more than this case: say so.
            if !lines.contains("\(TrapFlight.suspectMark)") {
                warn(
                    "tally: \(id): the case that killed an earlier run (saved in \(path)) "
                        + "passes now, run alone; removed it"
                )
            }
            try? FileManager.default.removeItem(atPath: path)
            return nil
        case .reproduced(_, let found):
            guard case .failed = found.verdict else { return shrunk(found, savedAt: path, configuration) }
            let example = ReplayToken(propertyID: id, choices: found.best)
            // A `check` that saves no failures finds this ordinary failure, or another, by its search.
            if configuration.exampleDirectory != nil, let store,
                (try? ExampleStore(directory: store.directory).save(example, propertyID: id)) == nil
            {
                // Not moved to the saved failures, so the engine would not replay it: report it here.
                return failure(
                    token: example, value: found.value, failure: found.verdict.failure,
                    origin: .savedExample(path: path), configuration)
            }
            try? FileManager.default.removeItem(atPath: path)
            return nil
        case .failedWhileMade(_, let token, let verdict):
            return failure(
                token: token, value: InFlightRecovery.valueNotMade(verdict), failure: verdict.failure,
                origin: .savedExample(path: path), configuration)
        case .notRechecked(_, _, let reason):
            return notRechecked(token, savedAt: path, because: reason, configuration)
        case .notFound:
            return notRechecked(token, savedAt: path, because: "its case could not be made again", configuration)
        }
    }

    /// The report of the saved case `token`, not rechecked for `reason`: not rechecked is not passed. The
    /// case stays saved, and fails this run with its token.
    private func notRechecked(
        _ token: ReplayToken, savedAt path: String, because reason: String, _ configuration: RunConfiguration
    ) -> PropertyResult {
        failure(
            token: token, value: InFlightRecovery.valueNotReplayed(stopped: nil),
            failure: "the case saved in \(path) killed an earlier run, and could not be re-checked: \(reason)\n"
                + "It stays saved; the next run checks it again.", origin: .savedExample(path: path),
            savedPath: path, configuration)
    }

    /// The report of a case that crashes or hangs, `shrunk`; saved in place of the one at `path`.
    private func shrunk(_ shrunk: CaseRecovery.Shrunk, savedAt path: String, _ configuration: RunConfiguration)
        -> PropertyResult
    {
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

    /// The report of a case that failed, crashed or hung, not shrunk.
    private func failure(
        token: ReplayToken, value: String, failure: String?, origin: Counterexample.Origin, savedPath: String? = nil,
        _ configuration: RunConfiguration
    ) -> PropertyResult {
        result(
            Counterexample(
                value: value, failure: failure ?? "", originalValue: value, token: token, origin: origin,
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

extension TrapRecovery {
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
}
