import Foundation
import Tally
import Testing

/// A property in a test, for ``TestPropertiesTests`` to find, fuzz and replay in a child test process:
/// the money bug `tally fuzz` must find in a package's own tests. Skipped unless `TALLY_PLANTED_TRAP=1`,
/// which only those children have.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_PLANTED_TRAP"] == "1",
        "runs in a child process of TestPropertiesTests, with TALLY_PLANTED_TRAP=1"))
struct PlantedTestProperties {
    /// The planted bug: pay and discount each rounded half up on its own, a cent too many whenever
    /// price × percent ends in 50; the least such case is one cent at 50%.
    @Test func sharesRoundedSeparately() async {
        await forAll(Gen.cents(in: 0...100_000), Gen.int(in: 0...100)) { cents, percent in
            let discount = (cents * percent + 50) / 100
            let pay = (cents * (100 - percent) + 50) / 100
            #expect(pay + discount == cents)
        }
    }
}
