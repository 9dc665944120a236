import Foundation
import Testing
import Tally

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
}
