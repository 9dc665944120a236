import Foundation
import Testing
import TallyTestSupport
@testable import Tally

/// Before, `TALLY_ROWS=claims/visits.csv swift test --filter cardTables` passed having run no row: the
/// card tables saw a selector for another spec's table, and no test of the run read that table.
@Suite struct RowSelectorExitTests {
    @Test func aSelectorOfTablesNoTestOfTheRunReadsEndsTheRunWithStatusOne() throws {
        let run = try runChildTests(filter: "CardAuthorizationSpecTests.cardTables", environment: ["TALLY_ROWS": "claims/visits.csv"])
        #expect(run.status == 1)
        #expect(run.output.contains("Tally: error: TALLY_ROWS=claims/visits.csv selects no row in this test run, which read the tables of card-authorization"))
        #expect(run.output.contains(SelectionLedger.closingError))
    }
}
