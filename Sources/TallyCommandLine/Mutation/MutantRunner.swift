import Foundation

/// Runs mutants, each in its own `tally mutate-worker` process of the scratch build, `jobs` at a
/// time, each with a time limit; a process over its limit is killed and counted as timed out.
struct MutantRunner: Sendable {
    /// The scratch build's `tally`.
    let executable: String
    /// The package root: the workers run there, so `Tables/` is the work tree's.
    let root: String
    let jobs: Int

    /// Runs the requirements of `modules` with no mutant selected.
    func run(modules: [String], mutant: Int = 0, timeLimit: Double? = nil) throws -> Subprocess.Result {
        try Subprocess.run(executable, ["mutate-worker"] + modules.flatMap { ["--module", $0] }, directory: root,
                           environment: [SchemaSupport.variable: String(mutant)], timeLimit: timeLimit)
    }

    /// Runs every mutant of `work` (mutant, its spec modules, its time limit); calls `finished` after each.
    func run(
        _ work: [(mutant: Mutant, modules: [String], timeLimit: Double)],
        finished: @escaping @Sendable (Mutant, MutantOutcome) -> Void
    ) async -> [Int: MutantOutcome] {
        let results = LockedResults()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = jobs
        for item in work {
            queue.addOperation {
                let outcome: MutantOutcome
                do {
                    outcome = MutantOutcome(worker: try run(modules: item.modules, mutant: item.mutant.id, timeLimit: item.timeLimit))
                } catch {
                    outcome = MutantOutcome(status: .crashed, by: ["could not start \(executable): \(error)"])
                }
                results.set(item.mutant.id, outcome)
                finished(item.mutant, outcome)
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                queue.waitUntilAllOperationsAreFinished()
                continuation.resume()
            }
        }
        return results.all
    }
}

/// Outcomes gathered from several threads.
private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: MutantOutcome] = [:]

    func set(_ id: Int, _ outcome: MutantOutcome) {
        lock.lock()
        values[id] = outcome
        lock.unlock()
    }

    var all: [Int: MutantOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
