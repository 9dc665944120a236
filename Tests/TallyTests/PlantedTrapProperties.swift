import Foundation
import Testing
import Tally

let plantedTrapRequested = ProcessInfo.processInfo.environment["TALLY_PLANTED_TRAP"] == "1"

/// Properties for ``TrapRecoveryTests`` to run in a child test process: one whose body traps, so that
/// it kills its process, and one that passes. They are skipped unless `TALLY_PLANTED_TRAP=1`, which
/// only those children have.
@Suite(.enabled(if: plantedTrapRequested, "runs in a child process of TrapRecoveryTests"))
struct PlantedTrapProperties {
    /// The planted bug: `Int32` arithmetic that overflows — a trap, not an error — from n = 715_828 on
    /// (715_828 × 3_000 > Int32.max), which is the counterexample recovery must shrink to.
    @Test func overflowingProduct() async {
        await forAll(Gen.int(in: 0...1_000_000)) { n in
            let cents = Int32(n) * 3_000
            #expect(cents >= 0)
        }
    }

    /// A neighbour that must still run and pass in the run that recovers the trap.
    @Test func neighbourPasses() async {
        await forAll(Gen.int(in: -1_000...1_000)) { n in
            #expect(n - n == 0)
        }
    }
}
