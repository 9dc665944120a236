import Foundation
import Tally

/// Runs mutants, each in its own `tally mutate-worker` process, `jobs` at a time, each with a time limit.
/// A worker dies with this process even while it spins in a mutant that loops forever (``SupervisorLink``),
/// and leads a process group of its own, so Control-C reaches only `tally mutate`, which stops the workers
/// itself and knows that their outcomes are unknown (``MutationStop``).
struct MutantRunner: Sendable {
    /// The scratch build's `tally`.
    let executable: String
    let jobs: Int
    let stop: MutationStop

    /// Runs the requirements of `modules` against `mutant` (0: none), in the current directory (the
    /// package root, so `Tables/` is the work tree's).
    func run(modules: [String], mutant: Int = 0, timeLimit: Double? = nil) throws -> ChildRun {
        try ChildRun.run(
            [executable, "mutate-worker"] + modules.flatMap { ["--module", $0] },
            environment: [SchemaSupport.variable: String(mutant), "SWIFT_BACKTRACE": "enable=no"],
            timeLimit: timeLimit, linked: true, ownGroup: true)
    }

    /// Runs every mutant of `work` (mutant, its spec modules, its time limit) until all are judged or
    /// the run is stopped; calls `finished` after each one judged. A mutant a stop ended, or never
    /// started, is left out; one whose worker could not start is not run.
    func run(
        _ work: [(mutant: Mutant, modules: [String], timeLimit: Double)],
        finished: @escaping @Sendable (Mutant, MutantOutcome) -> Void
    ) async -> [Int: MutantOutcome] {
        let results = LockedValue<[Int: MutantOutcome]>([:])
        let stop = stop
        // A run a stop request ended is left out; the request also ends the handing out.
        await onThreads(jobs, taking: work, until: { stop.isStopping }) { item in
            let outcome: MutantOutcome
            do {
                let run = try run(modules: item.modules, mutant: item.mutant.id, timeLimit: item.timeLimit)
                guard !run.stopped else { return }
                outcome = MutantOutcome(worker: run)
            } catch {
                // Not judged: the run is reported incomplete, never as a kill.
                results.withLock {
                    $0[item.mutant.id] = MutantOutcome(status: .notRun, by: ["could not start \(executable): \(error)"])
                }
                return
            }
            results.withLock { $0[item.mutant.id] = outcome }
            finished(item.mutant, outcome)
        }
        return results.withLock { $0 }
    }
}
