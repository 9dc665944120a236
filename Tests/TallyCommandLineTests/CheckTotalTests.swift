import Foundation
import Tally
import TallyCommandLine
import TallyTables
import TallyTestSupport
import Testing

/// `tally check`'s last lines: the total adds up, and never reads green above an error.
@Suite struct CheckTotalTests {
    @Test func aPendingRowIsCountedAsPendingNotPassed() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(
                """
                id,available,charge,approved?,available after?,status
                exact balance,$50.00,$50.00,yes,$0.00,
                known issue,$10.00,$20.00,yes,$0.00,pending
                """, in: folder)
            let holds = Property("holds", Gen.int(in: 0...9)) { _ in }
            let result = await tally(["check"], tables: folder, properties: [holds])
            #expect(result.status == 0)
            #expect(
                result.out.hasSuffix(
                    "Rows: 1 passed, 0 failed, 1 pending\nProperties: 1 passed, 0 failed\nCheck: "
                        + "2 passed, 0 failed, 1 pending"
                ))
        }
    }

    @Test func noTotalIsPrintedAboveASelectorThatSelectsNothing() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let holds = Property("holds", Gen.int(in: 0...9)) { _ in }
            let result = await tally(
                ["check"], tables: folder, properties: [holds],
                environment: ["TALLY_EXAMPLES": "off", "TALLY_ROWS": "toy/charges.csv:999"])
            #expect(result.status == 2)
            #expect(!result.out.contains("Check:"), "a green total above the error misleads: \(result.out)")
        }
    }
}
