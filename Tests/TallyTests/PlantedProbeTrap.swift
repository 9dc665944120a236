import Tally
import Testing

/// A property for ``TrapRecoveryTests`` to run in a child test process, apart from
/// ``PlantedTrapProperties`` (whose whole suite a test runs to see its neighbour pass): skipped unless
/// `TALLY_PLANTED_TRAP=1`.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of TrapRecoveryTests"))
struct PlantedProbeTrap {
    /// A generator that traps while the search probes whether it reads a size, before the search's
    /// first counted case: the planted bug of ``TrapRecoveryTests``' probe test.
    @Test func trapInTheSizeProbe() async {
        let trapping = Gen(Gen.int(in: 0...9)).array().map { values -> [Int] in
            precondition(values.count < 0, "planted: a generator that always traps")
            return values
        }
        await forAll(trapping) { values in #expect(values.isEmpty) }
    }
}
