import Foundation
import TallyTestSupport
import Testing

@testable import Tally
@testable import TallyTables

/// Under `swift test` each spec's tables see only their own tables, so a selector naming only tables
/// that no spec of the run reads selected nothing without any of them failing: the whole run judges
/// it at exit, from what each spec's tables made of it (``RowSelectorOutcome``).
@Suite struct RowSelectionOutcomesTests {
    /// What the toy spec's tables make of `environment` in a folder that also holds `other/things.csv`,
    /// a table no spec of the run reads.
    static func outcomes(_ environment: [String: String]) -> [RowSelectorOutcome] {
        problems(environment).outcomes
    }

    /// The outcomes, and their errors with the folder written `ROOT`.
    static func problems(_ environment: [String: String]) -> (outcomes: [RowSelectorOutcome], errors: [String?]) {
        withTemporaryFolder { root in
            _ = ToySpec.write("id,available,charge,approved?,tags\nexact,$50.00,$50.00,yes,edge\n", in: root)
            try? FileManager.default.createDirectory(atPath: root + "/other", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: root + "/other/things.csv", contents: Data("thing,tags\nx,elsewhere\n".utf8))
            let outcomes =
                RequirementTables.rowsAndOutcomes(
                    of: [ToySpec.chargesOnly], in: root, filePath: #filePath, environment: environment
                ).outcomes ?? []
            return (outcomes, outcomes.map { $0.problem?.replacingOccurrences(of: root, with: "ROOT") })
        }
    }

    @Test func aSelectorOfATableNoSpecOfTheRunReadsFailsTheRun() {
        #expect(
            Self.problems(["TALLY_ROWS": "other/things.csv"]).errors == [
                "TALLY_ROWS=other/things.csv selects no row in this test run, which read the tables of toy: "
                    + "it names a table under ROOT that none of these specs reads; those there include toy/charges.csv"
            ])
        #expect(
            Self.problems(["TALLY_TAGS": "elsewhere"]).errors == [
                "TALLY_TAGS=elsewhere selects no row in this test run, which read the tables of toy: "
                    + "only tables that none of these specs reads have rows with that tag; those there include edge"
            ])
    }

    @Test func aSelectorThatSelectedRowsOrAlreadyFailedIsNotAnErrorAgain() {
        let selected = Self.outcomes(["TALLY_ROWS": "toy/charges.csv:2", "TALLY_TAGS": "edge"])
        #expect(selected.map(\.selectedRows) == [true, true])
        #expect(selected.allSatisfy { $0.problem == nil })
        let failed = Self.outcomes(["TALLY_ROWS": "toy/charges.csv:9", "TALLY_TAGS": "edg"])
        #expect(failed.map(\.failed) == [true, true], "the toy tables fail for each: the run is red and said why")
        #expect(failed.allSatisfy { $0.problem == nil })
    }

    @Test func theRunJudgesEverySpecsOutcomeOfASelectorTogether() {
        let here = RowSelectorOutcome(
            selector: "TALLY_ROWS=claims/visit.csv", asked: "claims/visit.csv", selectedRows: false,
            failed: false, specs: ["card"], names: ["card/charges.csv"])
        var there = here
        there.specs = ["services"]
        there.names = ["services/todos.csv", "claims/visits.csv"]
        let ledger = SelectionLedger(checksAtExit: false)
        ledger.record(here)
        ledger.record(there)
        #expect(
            ledger.verdict().errors == [
                "TALLY_ROWS=claims/visit.csv selects no row in this test run, which read the tables of card, services: "
                    + "none of their rows matches it; nearest: claims/visits.csv"
            ])
        there.selectedRows = true
        ledger.record(there)
        #expect(ledger.verdict().errors.isEmpty, "a row selected by any spec's tables is enough")
    }
}
