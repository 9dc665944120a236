import Foundation
import Tally

/// A request to stop `tally mutate` (SIGINT, SIGTERM): the build or the mutants running are ended at
/// once and left unjudged, no mutant starts, and the run reports what it judged — kept in the cache,
/// so the next run resumes — as an incomplete run.
final class MutationStop: @unchecked Sendable {
    private let state = LockedValue<Int32?>(nil)

    /// The signal that stopped the run, if one did.
    var signal: Int32? { state.withLock { $0 } }
    var isStopping: Bool { signal != nil }

    /// Stops the run for `signal` (the first request counts): ends every child process — `swift build`
    /// gets SIGINT and two seconds to stop its compilers, a mutant SIGKILL.
    func request(_ signal: Int32) {
        guard
            state.withLock({ current in
                guard current == nil else { return false }
                current = signal
                return true
            })
        else { return }
        // Off the signal thread, which must stay free to see a second signal.
        Thread.detachNewThread { ChildLife.stopAll(grace: 2) }
    }

    /// `stopped by SIGINT`.
    var description: String? { signal.map { "stopped by \(StopSignals.name($0))" } }
}
