import Foundation
import Synchronization
import Tally
import Testing

/// Properties for ``GuardedCheckTests`` to run in a child test process: a `Property.check` whose body
/// traps, as a planted-bug test reaching an engine's trap does, and a `forAll` whose body hangs.
/// Skipped unless `TALLY_PLANTED_TRAP=1`, which only those children have.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of GuardedCheckTests"))
struct PlantedGuardedCases {
    /// The planted bug: `Int32` arithmetic that traps from n = 715_828 on, reached through `check`
    /// with saving off, as a planted-bug test calls it.
    @Test func checkThatTraps() async {
        let property = Property("planted check overflow", Gen.int(in: 0...1_000_000)) { n in
            let cents = Int32(n) * 3_000
            try ensure(cents >= 0, "cents >= 0")
        }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let result = await property.check(configuration)
        #expect(result.counterexample != nil)
    }

    /// The planted bug: a body that never returns from n = 501 on.
    @Test func caseThatHangs() async {
        await forAll(Gen.int(in: 0...1_000)) { n in
            while n > 500 { usleep(1_000) }
        }
    }

    /// The planted bug: an asynchronous body that waits forever from n = 501 on.
    @Test func asyncCaseThatHangs() async {
        await forAll(Gen.int(in: 0...1_000)) { n async in
            if n > 500 { try? await Task.sleep(for: .seconds(3_600)) }
        }
    }

    /// No bug: asynchronous cases that wait, suspended, while other work holds every thread of Swift's
    /// pool for far longer than the 300 ms case timeout — time that is not theirs.
    @Test func asyncCasesWaitingForAThread() async {
        let width = ProcessInfo.processInfo.activeProcessorCount
        let blocked = Mutex(0)
        await forAll(Gen.int(in: 0...9)) { _ async in
            // Three cases each wait behind a pool held for 1.5 s.
            guard
                blocked.withLock({
                    $0 += 1; return $0 <= 3
                })
            else { return }
            for _ in 0..<width { Task.detached { usleep(1_500_000) } }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
