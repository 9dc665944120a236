import Foundation
import Tally
import Testing

/// Small properties that hold — unless `TALLY_PROBE_BUG=1` plants a bug in each.
///
/// Tally's own tests run them in a child test process, to see what a person sees: selectors that
/// select nothing, skipped properties, replay lines. `Scripts/check-printed-commands.sh` plants the
/// bugs under a real `swift test` and runs the replay lines the failures print.
enum ProbeSpec {
    /// Whether the bugs are planted.
    static var bugPlanted: Bool { ProcessInfo.processInfo.environment["TALLY_PROBE_BUG"] == "1" }

    /// A bag of at most ten amounts of at most $1.00 holds at most $10.00 (the bug: at most $1.50).
    static let sums = Property("ten amounts stay within ten dollars", Gen.int(in: 0...100).array(length: 0...10)) {
        cents in
        try ensure(cents.reduce(0, +) <= (bugPlanted ? 150 : 1000), "the sum stays within the limit")
    }

    /// Sorting is idempotent (the bug: the second sort drops the last element of long lists).
    static let sorting = Property("sorting twice changes nothing", Gen.int(in: -50...50).array(length: 0...8)) { list in
        let once = list.sorted()
        let twice = bugPlanted && once.count > 4 ? Array(once.sorted().dropLast()) : once.sorted()
        try ensureEqual(twice, once, "sorted twice")
    }

    static let suite = PropertySuite("probe", properties: [sums, sorting])
}

/// The probe spec as a parameterized test, as specs are run under `swift test`.
@Test(arguments: ProbeSpec.suite.properties)
func probeProperties(_ property: Property) async {
    await property.verify()
}

@Suite struct ProbeTests {
    /// A `forAll` with `#expect` (the bug: doubling loses one from 500 up).
    @Test func probeHalvingUndoesDoubling() async {
        await forAll(Gen.int(in: 0...10_000)) { n in
            let doubled = ProbeSpec.bugPlanted && n >= 500 ? n * 2 - 1 : n * 2
            #expect(doubled / 2 == n)
        }
    }
}
