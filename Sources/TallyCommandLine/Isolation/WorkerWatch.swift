import Foundation
import Tally

/// The watch a supervisor keeps on a worker process (`tally check-worker`, `tally fuzz-worker`): it
/// reads the worker's lines as they come and, through the worker's flight recorder, tells a hang from
/// a slow run: a worker that starts no case for longer than its patience is killed.
enum WorkerWatch {
    /// What to make of a line the worker wrote.
    enum Line {
        /// Nothing to the watch (the property's own output, say).
        case read
        /// A sign of life: the hang clock starts again.
        case alive
        /// The line the supervisor waited for: the watch ends.
        case done
    }

    /// How a watch ended.
    enum Ending: Equatable {
        /// `take` said ``Line/done``.
        case done
        /// The worker ended (or closed its output).
        case ended
        /// The worker started no case for its patience, and was killed.
        case hung
        /// `tick` ended the watch.
        case stopped
    }

    /// Watches `process` until one of the ``Ending``s. `activity` is the worker's count of cases
    /// started (from its flight recorder); while it stays at `count`, the worker has `patience(count)`
    /// seconds. `take` reads each line; `tick`, called about every 200 ms with the seconds since the last
    /// sign of life, returns `true` to end the watch (and does what that takes, such as killing the worker).
    static func watch(
        _ process: ChildProcess, activity: () -> UInt64, patience: (UInt64) -> Double, take: (String) -> Line,
        tick: (_ quiet: Double) -> Bool = { _ in false }
    ) -> Ending {
        var seen = activity()
        var lastChange = Date()
        while true {
            let (line, timedOut) = process.readLine(waitingAtMost: .milliseconds(200))
            if let line {
                switch take(line) {
                case .read: break
                case .alive: lastChange = Date()
                case .done: return .done
                }
            } else if !timedOut {
                return .ended
            }
            let now = activity()
            if now != seen {
                seen = now
                lastChange = Date()
            } else if Date().timeIntervalSince(lastChange) > patience(now) {
                process.kill()
                return .hung
            }
            if tick(Date().timeIntervalSince(lastChange)) { return .stopped }
        }
    }
}
