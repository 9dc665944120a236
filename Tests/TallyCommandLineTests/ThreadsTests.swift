import Foundation
import Testing

@testable import TallyCommandLine

/// Work that blocks a thread (watching a child process) runs as many at once as asked, on any machine.
@Suite struct ThreadsTests {
    @Test func everyThreadRunsAtOnceWhateverTheCores() async {
        // Each waits for all the others: with fewer running at once than asked, none would arrive.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let arrived = LockedValue(0)
        let missed = LockedValue(0)
        await onThreads(count) {
            arrived.withLock { $0 += 1 }
            let deadline = Date().addingTimeInterval(10)
            while arrived.withLock({ $0 }) < count, Date() < deadline { usleep(1_000) }
            if arrived.withLock({ $0 }) < count { missed.withLock { $0 += 1 } }
        }
        #expect(arrived.withLock { $0 } == count)
        #expect(missed.withLock { $0 } == 0, "threads that waited 10 s for the others to start")
    }
}
