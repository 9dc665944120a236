#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// The one thread per process that ends a `swift test` run when a case hangs, with the case saved
/// (see <doc:CrashRecovery>): a hung case cannot be cancelled inside its process, and a run that
/// waits forever reports nothing.
///
/// It samples each watched ``TrapRecord``'s count of cases started a few times per case timeout; a count
/// that has not moved, while a case is in flight, for longer than the case timeout is a hang. Then it
/// saves the case as the fatal-signal handler does (the hung thread may hold any lock) and ends the
/// process with exit status 1. Time while the process is stopped does not count (a sample adds at most
/// two intervals), and nothing fires while a debugger is attached.
///
/// An asynchronous case holds no thread: suspended, it waits for one of Swift's small pool, which other
/// tests may hold for minutes. Its time counts only while the pool has room: each sample sends the pool
/// an empty task, and an interval in which the last one did not run is not the case's. A task sent after
/// the case's next step was queued runs after it, so a pool that ran the task could have run the case.
enum CaseWatchdog {
    /// The longest pause between samples, in nanoseconds.
    static let longestInterval: UInt64 = 250_000_000

    /// Starts the thread, once per process.
    static let started: Bool = {
        Thread.detachNewThread { watch() }
        return true
    }()

    /// What the watchdog last saw of one entry of ``FatalSignalGuard/table``.
    private struct Seen {
        var layout: UnsafeMutablePointer<TrapRecord>?
        var activity: UInt64 = 0
        var stalled: UInt64 = 0
        /// Whether an asynchronous case was seen at the last sample, so a probe timed the interval since.
        var timed = false
    }

    /// How many of the pool probes sent (``watch()``'s count) have run.
    private static let probesRun = Atomic<UInt64>(0)

    private static func watch() {
        var seen = [Seen](repeating: Seen(), count: FatalSignalGuard.capacity)
        var interval = longestInterval
        var last = now()
        var probesSent: UInt64 = 0
        while true {
            usleep(UInt32(interval / 1000))
            let current = now()
            let elapsed = min(current &- last, 2 * interval)
            last = current
            // Whether the interval just ended was an asynchronous case's own.
            let poolHadRoom = probesRun.load(ordering: .acquiring) == probesSent
            var timingAsync = false
            interval = FatalSignalGuard.claimed.withLock { claimed in
                var next = longestInterval
                for index in 0..<FatalSignalGuard.capacity where claimed[index] {
                    guard let record = FatalSignalGuard.table[index], record.pointee.caseTimeout > 0 else { continue }
                    let r = record.pointee
                    next = min(next, max(2_000_000, r.caseTimeout / 8))
                    let activity = r.recorder[1] &+ r.recorder[7]
                    let asynchronous = r.thread == 0
                    if seen[index].layout != record || r.inCase == 0 || (asynchronous && r.asyncCase == 0)
                        || seen[index].activity != activity
                    {
                        seen[index] = Seen(layout: record, activity: activity, stalled: 0)
                        continue
                    }
                    if asynchronous {
                        timingAsync = true
                        // The first interval is never counted: no probe measured it.
                        guard seen[index].timed, poolHadRoom else {
                            seen[index].timed = true
                            continue
                        }
                    }
                    seen[index].stalled += elapsed
                    if seen[index].stalled > r.caseTimeout {
                        if isTraced() {
                            seen[index].stalled = 0
                        } else {
                            end(record)
                        }
                    }
                }
                return next
            }
            if timingAsync && poolHadRoom {
                probesSent += 1
                let probe = probesSent
                Task.detached { probesRun.store(probe, ordering: .releasing) }
            }
        }
    }

    /// Saves and announces `record`'s hung case, and ends the process; does nothing when a fatal signal
    /// is already being handled (that handler ends the process).
    private static func end(_ record: UnsafeMutablePointer<TrapRecord>) {
        guard !FatalSignalGuard.handling.exchange(true, ordering: .acquiringAndReleasing) else { return }
        TrapRecord.save(record, signal: TrapRecord.hang, suspect: false)
        _exit(1)
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Whether a debugger traces this process (`TracerPid` other than 0 in `/proc/self/status`), read
    /// into a buffer on the stack: the hung thread may hold the allocator's lock.
    private static func isTraced() -> Bool {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else { return false }
            let key = Array("TracerPid:".utf8)
            var index = 0
            while index + key.count < count {
                if buffer[index] == key[0], (0..<key.count).allSatisfy({ buffer[index + $0] == key[$0] }) {
                    var digit = index + key.count
                    while digit < count, buffer[digit] == 9 || buffer[digit] == 32 { digit += 1 }
                    return digit < count && buffer[digit] != 48
                }
                index += 1
            }
            return false
        }
    }
}
#endif
