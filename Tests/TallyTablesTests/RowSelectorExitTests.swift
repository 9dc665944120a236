import Foundation
import TallyTestSupport
import Testing

@testable import Tally

/// Before, `TALLY_ROWS=claims/visits.csv swift test --filter cardTables` passed having run no row: the
/// card tables saw a selector for another spec's table, and no test of the run read that table.
@Suite struct RowSelectorExitTests {
    @Test func aSelectorOfTablesNoTestOfTheRunReadsEndsTheRunWithStatusOne() async throws {
        let run = try await runChildTests(
            filter: "CardAuthorizationSpecTests.cardTables", environment: ["TALLY_ROWS": "claims/visits.csv"])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "Tally: error: TALLY_ROWS=claims/visits.csv selects no row in this test run, "
                    + "which read the tables of card-authorization"
            ))
        #expect(run.output.contains(SelectionLedger.closingError))
    }

    /// Before, `TALLY_REPLAY=zzzz swift test --filter cardTables` passed: the property selectors were
    /// judged only when a property came up, and a run of tables alone brings none up.
    @Test func aPropertySelectorOfARunOfTablesAloneEndsTheRunWithStatusOne() async throws {
        let named = try await runChildTests(
            filter: "CardAuthorizationSpecTests.cardTables", environment: ["TALLY_PROPERTY": "nope"])
        #expect(named.status == 1)
        #expect(
            named.output.contains(
                "Tally: error: TALLY_PROPERTY=\"nope\" names no property among the 0 properties of this test run"))
        // A token that cannot be read stops the run at its first row, with one message.
        let damaged = try await runChildTests(
            filter: "CardAuthorizationSpecTests.cardTables", environment: ["TALLY_REPLAY": "zzzz"])
        #expect(damaged.status == 1)
        #expect(damaged.output.contains("Tally: TALLY_REPLAY=\"zzzz\": this replay token is damaged"))
        #expect(damaged.output.components(separatedBy: "recorded an issue").count == 2, "\(damaged.output)")
        #expect(endsWhereTallyStopped(damaged.output, stopLine: TestRunEnvironment.stopLine), "\(damaged.output)")
    }
}
