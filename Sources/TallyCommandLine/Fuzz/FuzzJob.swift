import Foundation
import Tally

/// Fuzzing one property in a worker process, within its share of the run's ``FuzzBudget``: starting
/// and watching the worker, and taking what it reports. A worker that dies or hangs is recovered in
/// `FuzzJob+Recovery.swift`.
struct FuzzJob: Sendable {
    let worker: FuzzWorkerKind
    let propertyID: String
    let name: String
    let seed: UInt64
    let caseLimit: Int
    let caseTimeout: Double
    let board: FuzzBoard
    let budget: FuzzBudget
    /// Where findings are saved (`TALLY_EXAMPLES`, default `.tally/examples`); `nil`: not saved.
    let exampleDirectory: String?

    /// How long a stopping worker may take to report before it is killed.
    static let stopGrace = 2.0
    /// How long a child process may take to start, before its first case.
    static let startTimeout = 60.0

    /// Runs the worker for `share` seconds of search (`nil`: until its case limit), watches it, and
    /// recovers what it found.
    func run(share: Double?) -> FuzzPropertyOutcome {
        board.mark(name, running: true)
        let outcome = watch(share: share)
        board.mark(name, running: false, failed: outcome.failed)
        return outcome
    }

    private func watch(share: Double?) -> FuzzPropertyOutcome {
        var outcome = FuzzPropertyOutcome(name: name)
        let started = Date()
        let searchEnd = share.map { started.addingTimeInterval($0) }
        // A failure found late in its share is still shrunk for half a share (30 s without --time):
        // more would take the time of the properties still to run.
        let shrinkMinimum = share.map { $0 / 2 } ?? 30
        guard let flight = FlightMemory() else {
            outcome.gaveUp = "could not make a flight recorder for the worker"
            return outcome
        }
        let order = FuzzWorkerOrder(
            property: ReplayToken.hash(of: propertyID), seed: seed, cases: caseLimit, flight: flight.childPath,
            until: Self.milliseconds(searchEnd), deadline: Self.milliseconds(budget.deadline),
            shrinkMilliseconds: Int64(shrinkMinimum * 1000))
        guard let worker = try? self.worker.start(order) else {
            outcome.gaveUp = "could not start a worker process"
            return outcome
        }
        var reported: FuzzMessage?
        var stopSent: Date?
        // Starting a process on a busy machine is not a hang: the case timeout counts from the first case.
        let watched = WorkerWatch.watch(
            worker, activity: { flight.read()?.casesStarted ?? 0 },
            patience: { $0 == 0 ? Self.startTimeout : caseTimeout },
            take: { line in
                guard let message = FuzzMessage(line: line) else { return .read }
                outcome.cases = max(outcome.cases, message.cases)
                board.update(name, cases: outcome.cases)
                if message.kind != .progress { reported = message }
                if let labels = message.labels { outcome.labels = labels }
                return .alive
            },
            tick: { quiet in
                if let signal = budget.stopSignal, stopSent == nil {
                    worker.send("STOP \(StopSignals.name(signal))")
                    stopSent = Date()
                }
                guard let stopSent, Date().timeIntervalSince(stopSent) > Self.stopGrace else { return false }
                outcome.interrupted =
                    "stopped while a case had run for \(Int(quiet)) s, "
                    + "less than the \(Self.seconds(caseTimeout)) case timeout"
                worker.kill()
                return true
            })
        let hung = watched == .hung
        let ending = worker.waitForExit()
        outcome.seconds = Date().timeIntervalSince(started)
        if stopSent != nil, outcome.interrupted == nil, let signal = budget.stopSignal {
            outcome.interrupted = "stopped by \(StopSignals.name(signal))"
        }
        if let reported {
            switch reported.kind {
            case .failure:
                outcome.finding = save(
                    FuzzFinding(
                        kind: .failure, token: reported.token ?? "", value: reported.value ?? "",
                        original: reported.original ?? "",
                        failure: reported.failure ?? "", shrinkSteps: reported.shrinkSteps ?? 0,
                        shrinkNote: reported.shrinkNote, savedPath: nil, isNew: true))
                return outcome
            case .gaveUp:
                outcome.gaveUp = reported.failure
            default:
                break
            }
            if ending == .status(0) { return outcome }
        } else if ending == .status(0) {
            // Only a worker that said how its run ended may end well; silence is no pass.
            outcome.gaveUp = "the worker ended without reporting how its run ended"
            return outcome
        }
        if let signal = ending.stopSignal {
            // A signal sent to stop the run (Ctrl-C reaches the whole process group), not a crash:
            // the run stops, even if this process has not seen the signal yet.
            budget.requestStop(signal: signal)
            outcome.interrupted = "stopped by \(StopSignals.name(signal))"
            outcome.finding = savedAsFound(
                reported, note: "not shrunk: the worker was \(outcome.interrupted ?? "stopped")")
            return outcome
        }
        guard hung || (ending != .status(0) && !worker.wasKilled) else {
            // Killed after a stop request it did not answer in time, perhaps while shrinking a failure.
            outcome.finding = savedAsFound(reported, note: "not shrunk: the run was stopped while it was being shrunk")
            return outcome
        }
        // The worker died or hung: recover the case in flight and shrink it in fresh processes.
        recoverInFlight(
            of: worker, hung: hung, ending: ending, flight: flight, reported: reported, searchEnd: searchEnd,
            shrinkMinimum: shrinkMinimum, into: &outcome)
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// The failure the worker said it found (``FuzzMessage/Kind/found``) and was shrinking when it
    /// ended without reporting it, saved as found; `nil` when it said no such thing.
    func savedAsFound(_ reported: FuzzMessage?, note: String?) -> FuzzFinding? {
        guard let found = reported, found.kind == .found, let token = found.token else { return nil }
        return save(
            FuzzFinding(
                kind: .failure, token: token, value: found.value ?? "", original: found.value ?? "",
                failure: found.failure ?? "", shrinkSteps: nil, shrinkNote: note, savedPath: nil, isNew: true))
    }

    /// Saves the finding to the example store; it is new when no identical failure was saved before.
    func save(_ finding: FuzzFinding) -> FuzzFinding {
        var finding = finding
        guard let exampleDirectory else { return finding }
        let token: ReplayToken
        do {
            token = try ReplayToken(parsing: finding.token)
        } catch {
            finding.notSaved = "the worker sent a token that cannot be read (\(error))"
            return finding
        }
        let store = ExampleStore(directory: exampleDirectory)
        let existing = store.load(propertyID: propertyID) { _ in }
        finding.isNew = !existing.contains { $0.token == token }
        do {
            finding.savedPath = try store.save(token, propertyID: propertyID)
        } catch {
            finding.notSaved = "\(error)"
        }
        return finding
    }

    /// `1700000000000`, milliseconds since 1970, or `0` for no time.
    static func milliseconds(_ date: Date?) -> Int64 {
        date.map { Int64($0.timeIntervalSince1970 * 1000) } ?? 0
    }

    /// `10 s`, `1.5 s`.
    static func seconds(_ value: Double) -> String {
        // Up to milliseconds, as typed: a 0.25 s timeout must not read as 0.2 s.
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
