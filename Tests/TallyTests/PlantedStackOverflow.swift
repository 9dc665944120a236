import Tally
import Testing

/// A property for ``TrapFlightTests`` to run in a child test process, apart from
/// ``PlantedTrapProperties`` (whose whole suite a test runs): skipped unless `TALLY_PLANTED_TRAP=1`.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of TrapFlightTests"))
struct PlantedStackOverflow {
    /// A body that overflows its thread's stack from n = 500_000 on: the handler can only run on the
    /// signal stack ``TrapFlight`` gives the thread, or the process dies unannounced.
    @Test func overflowingStack() async {
        await forAll(Gen.int(in: 0...1_000_000)) { n in
            #expect(Self.depth(n >= 500_000 ? .max : 0) >= 0)
        }
    }

    static func depth(_ remaining: Int) -> Int { remaining == 0 ? 0 : 1 + depth(remaining - 1) }
}
