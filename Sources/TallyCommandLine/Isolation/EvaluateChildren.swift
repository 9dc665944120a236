import Foundation
import Tally

extension ChildEvaluator {
    /// An evaluator of the catalog's property at `propertyIndex` (`propertyID`) in `tally fuzz-evaluate`
    /// children of `executable`, each answer due within `caseTimeout`. With `backtraces`, a crashing
    /// child prints the runtime's backtrace, from which a failure takes the runtime's message and the
    /// place of the crash: slower, for explaining a case rather than shrinking it.
    static func tally(
        _ executable: String, propertyIndex: Int, propertyID: String, backtraces: Bool, caseTimeout: Duration
    ) -> ChildEvaluator {
        // Starting a process on a busy machine can take longer than a case timeout, and is not a hang.
        ChildEvaluator(
            propertyID: propertyID, timeout: caseTimeout, startupTimeout: .seconds(Int64(FuzzJob.startTimeout))
        ) {
            try ChildProcess(
                tally: executable, ["fuzz-evaluate", "--property", String(propertyIndex)], backtraces: backtraces)
        }
    }
}

extension CaseRecovery {
    /// A recovery of the catalog's property at `propertyIndex` in `tally fuzz-evaluate` children of
    /// `executable`, as `tally check` and `tally fuzz` recover a case that killed or hung a worker.
    static func tally(_ executable: String, propertyIndex: Int, propertyID: String, caseTimeout: Double) -> CaseRecovery
    {
        CaseRecovery(propertyID: propertyID, caseTimeout: .milliseconds(Int64(caseTimeout * 1000))) {
            backtraces, caseTimeout in
            ChildEvaluator.tally(
                executable, propertyIndex: propertyIndex, propertyID: propertyID, backtraces: backtraces,
                caseTimeout: caseTimeout)
        }
    }
}

extension CaseRecovery.Shrunk {
    /// What a report prints when shrinking stopped before it was done: `not shrunk: stopped by SIGINT`
    /// when no candidate ran, else `shrinking stopped at the time budget`.
    var note: String? {
        stoppedBecause.map { attempts == 0 ? "not shrunk: \($0)" : "shrinking \($0)" }
    }
}

extension FuzzBudget {
    /// Runs `body` with `recovery` stopped by this run's stop request: the evaluator in flight is
    /// killed at once, so that a candidate that hangs does not hold the stop up.
    func stopping<Result>(_ recovery: CaseRecovery, during body: () async -> Result) async -> Result {
        let handler = onStop { recovery.stop() }
        defer { removeHandler(handler) }
        return await body()
    }

    /// Why shrinking must stop now, if it must: the run was stopped, or `end` has passed.
    func shrinkStopReason(end: Date) -> String? {
        if let signal = stopSignal { return "stopped by \(StopSignals.name(signal))" }
        return Date() >= end ? "stopped at the time budget" : nil
    }
}
