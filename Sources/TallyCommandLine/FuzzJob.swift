import Foundation
import Tally

/// Fuzzing one property in a worker process, with crash and hang recovery.
struct FuzzJob: Sendable {
    let executable: String
    let propertyIndex: Int
    let propertyID: String
    let name: String
    let seed: UInt64
    let timeLimit: Double
    let caseLimit: Int
    let caseTimeout: Double
    let board: FuzzBoard

    /// Runs `jobs` at a time, each on its own thread (workers are watched with blocking reads).
    static func runAll(_ plans: [FuzzJob], jobs: Int) async -> [FuzzPropertyOutcome] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let queue = JobQueue(count: plans.count)
                DispatchQueue.concurrentPerform(iterations: min(jobs, plans.count)) { _ in
                    while let index = queue.take() {
                        queue.finish(index, plans[index].run())
                    }
                }
                continuation.resume(returning: queue.outcomes)
            }
        }
    }

    /// Runs the worker, watches it, and recovers what it found.
    func run() -> FuzzPropertyOutcome {
        board.mark(name, running: true)
        let outcome = watch()
        board.mark(name, running: false, failed: outcome.finding != nil)
        return outcome
    }

    private func watch() -> FuzzPropertyOutcome {
        var outcome = FuzzPropertyOutcome(name: name)
        let started = Date()
        let flight = NSTemporaryDirectory() + "tally-flight-\(ProcessInfo.processInfo.processIdentifier)-\(propertyIndex)-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: flight) }
        let arguments = ["fuzz-worker", "--property", String(propertyIndex), "--seed", String(seed),
                         "--time-ms", String(Int(timeLimit * 1000)), "--cases", String(caseLimit), "--flight", flight]
        guard let worker = try? ProcessChannel(executable: executable, arguments: arguments) else {
            outcome.gaveUp = "could not start a worker process"
            return outcome
        }
        var reported: FuzzMessage?
        var lastStarted: UInt64 = 0
        var lastChange = Date()
        var hung = false
        while true {
            let (line, timedOut) = worker.readLine(timeout: .milliseconds(200))
            if let line, let message = FuzzMessage(line: line) {
                outcome.cases = message.cases
                board.update(name, cases: message.cases)
                if message.kind != .progress { reported = message }
                if let labels = message.labels { outcome.labels = labels }
                continue
            }
            if !timedOut { break }
            let current = FlightRecorder.read(path: flight)?.casesStarted ?? 0
            if current != lastStarted {
                lastStarted = current
                lastChange = Date()
            } else if Date().timeIntervalSince(lastChange) > caseTimeout {
                hung = true
                worker.kill()
                break
            }
        }
        let ending = worker.waitForExit()
        outcome.seconds = Date().timeIntervalSince(started)
        if let reported {
            switch reported.kind {
            case .failure:
                outcome.finding = save(FuzzFinding(
                    kind: .failure, token: reported.token ?? "", value: reported.value ?? "", original: reported.original ?? "",
                    failure: reported.failure ?? "", shrinkSteps: reported.shrinkSteps ?? 0, savedPath: nil, isNew: true))
            case .gaveUp:
                outcome.gaveUp = reported.failure
            default:
                break
            }
            if reported.kind != .failure, ending == .status(0) { return outcome }
            if reported.kind == .failure { return outcome }
        }
        guard hung || ending != .status(0), let recorded = FlightRecorder.read(path: flight) else { return outcome }
        // The worker died or hung: recover the case in flight and shrink it in fresh processes.
        board.update(name, note: hung ? "shrinking a hang" : "shrinking a crash")
        outcome.cases = max(outcome.cases, Int(recorded.casesStarted))
        let recovery = CrashRecovery(executable: executable, propertyIndex: propertyIndex, propertyID: propertyID, caseTimeout: .milliseconds(Int64(caseTimeout * 1000)))
        guard let choices = recovery.regenerate(recorded.start) else {
            outcome.gaveUp = "the worker \(hung ? "hung" : "crashed with \(ending.description)"), and so did generating the case in flight again"
            return outcome
        }
        let wasHang = hung
        let shrunk = blocking { await recovery.shrinkCase(choices, hang: wasHang) }
        let best = shrunk.best.failure == nil ? ReplayedCase(choices: choices, bounds: [], spans: [], failure: nil) : shrunk.best
        let what = hung ? "hung: a case ran longer than \(caseTimeout) s" : "crashed with \(ending.description)"
        outcome.finding = save(FuzzFinding(
            kind: hung ? .hang : .crash, token: ReplayToken(propertyID: propertyID, choices: best.choices).description,
            value: recovery.describe(best.choices), original: recovery.describe(choices),
            failure: best.failure.map { $0.hasPrefix("crashed") || $0.hasPrefix("hung") ? $0 : "\(what); replayed: \($0)" } ?? what,
            shrinkSteps: shrunk.steps, savedPath: nil, isNew: true))
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    /// Saves the finding to the example store; it is new when no identical failure was saved before.
    private func save(_ finding: FuzzFinding) -> FuzzFinding {
        var finding = finding
        guard let token = try? ReplayToken(parsing: finding.token) else { return finding }
        let store = ExampleStore(directory: ".tally/examples")
        let existing = store.load(propertyID: propertyID) { _ in }
        finding.isNew = !existing.contains { $0.token == token }
        finding.savedPath = try? store.save(token, propertyID: propertyID)
        return finding
    }
}

/// The properties still to fuzz, and the outcomes of those done, shared by the job threads.
private final class JobQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [FuzzPropertyOutcome?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func take() -> Int? {
        lock.withLock {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func finish(_ index: Int, _ outcome: FuzzPropertyOutcome) {
        lock.withLock { results[index] = outcome }
    }

    var outcomes: [FuzzPropertyOutcome] { lock.withLock { results.compactMap { $0 } } }
}

/// Runs async work from a plain thread and waits for it.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task.detached {
        box.value = await work()
        semaphore.signal()
    }
    semaphore.wait()
    return box.value!
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
