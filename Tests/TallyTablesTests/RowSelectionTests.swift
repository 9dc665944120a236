import Foundation
import TallyTestSupport
import Testing

@testable import TallyTables

/// Selectors under `swift test` (`TALLY_ROWS`, `TALLY_TAGS`): what they select, and a failing row that
/// names what was asked for and what exists when they select nothing.
@Suite struct RowSelectionTests {
    static let charges = """
        id,available,charge,approved?,tags
        # balances in dollars
        exact,$50.00,$50.00,yes,edge

        over,$50.00,$50.01,no,edge oop
        "two
        lines",$5,$1,yes,
        """

    /// The rows `environment` selects in a `Tables` folder with `toy/charges.csv`, `toy/deposits.csv`
    /// and another spec's `other/things.csv`, and the problems of the row that stands for the selection.
    static func rows(_ environment: [String: String], deposits: Bool = true) -> (rows: [TableRow], problems: [String]) {
        withTemporaryFolder { root in
            _ = ToySpec.write(charges, in: root)
            if deposits { _ = ToySpec.write("scenario,deposit,balance?\na,$5,$5\n", table: "deposits", in: root) }
            try? FileManager.default.createDirectory(atPath: root + "/other", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: root + "/other/things.csv", contents: Data("thing,tags\nx,elsewhere\n".utf8))
            let rows = RequirementTables.rows(of: [ToySpec.suite], in: root, environment: environment)
            let problems = rows.filter(\.standsForProblems).flatMap(\.problems).map {
                $0.message.replacingOccurrences(of: root, with: "ROOT")
            }
            return (rows.filter { !$0.standsForProblems }, problems)
        }
    }

    @Test func rowsAreSelectedByLineByAnyLineTheySpanAndByTag() {
        #expect(Self.rows([:]).rows.map(\.line) == [3, 5, 6, 2])
        #expect(Self.rows([:]).problems.isEmpty)
        #expect(Self.rows(["TALLY_ROWS": "toy/charges.csv:5"]).rows.map(\.line) == [5])
        #expect(Self.rows(["TALLY_ROWS": "toy/charges.csv:7"]).rows.map(\.line) == [6])
        #expect(Self.rows(["TALLY_TAGS": "oop"]).rows.map(\.line) == [5])
        #expect(Self.rows(["TALLY_ROWS": "toy/charges.csv", "TALLY_TAGS": "edge"]).rows.map(\.line) == [3, 5])
    }

    /// `swift test` prints a row's path absolute; pasted into `TALLY_ROWS` for `tally check`, which reads
    /// `Tables/…` relative to the current directory, it selected no table.
    @Test func anAbsoluteSelectorNamesATableReadRelativeToTheCurrentDirectory() {
        let here = FileManager.default.currentDirectoryPath
        #expect(RowSelection.path(here + "/Tables/claims/visits.csv", matches: "Tables/claims/visits.csv"))
        #expect(RowSelection.path(here + "/Tables/claims", matches: "Tables/claims/visits.csv"))
        #expect(!RowSelection.path("/elsewhere/Tables/claims/visits.csv", matches: "Tables/claims/visits.csv"))
    }

    @Test func aLineThatHoldsNoRowFailsNamingWhatItIsAndTheNearestRows() {
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:999"]).problems == [
                "TALLY_ROWS=toy/charges.csv:999 selects no row: line 999 of ROOT/toy/charges.csv is past the end: "
                    + "the file has 7 lines; nearest row: 6 (two\\nlines)"
            ])
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:2"]).problems == [
                "TALLY_ROWS=toy/charges.csv:2 selects no row: "
                    + "line 2 of ROOT/toy/charges.csv is a comment; nearest row: 3 (exact)"
            ])
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:4"]).problems == [
                "TALLY_ROWS=toy/charges.csv:4 selects no row: line 4 of ROOT/toy/charges.csv is blank; "
                    + "nearest rows: 3 (exact), 5 (over)"
            ])
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:1"]).problems == [
                "TALLY_ROWS=toy/charges.csv:1 selects no row: "
                    + "line 1 of ROOT/toy/charges.csv is the header; nearest row: 3 (exact)"
            ])
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:0"]).problems == [
                "TALLY_ROWS=toy/charges.csv:0 selects no row: line 0 of ROOT/toy/charges.csv is not a line: "
                    + "lines are numbered from 1, as the spreadsheet numbers its rows; nearest row: 3 (exact)"
            ])
        #expect(Self.rows(["TALLY_ROWS": "toy/charges.csv:999"]).rows.isEmpty)
    }

    /// Before, a `sep=` line after a byte order mark, or written `SEP=`, was called "the header", and the
    /// real header "not a row": the reader accepts both as the delimiter line.
    @Test func aSeparatorLineIsRecognisedAsTheReaderReadsIt() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/t.csv"
            try Data([0xEF, 0xBB, 0xBF] + Array("SEP=;\nid;a\n".utf8)).write(to: URL(fileURLWithPath: path))
            #expect(TableLines.kind(ofLine: 1, in: path) == "chooses the delimiter (sep=)")
            #expect(TableLines.kind(ofLine: 2, in: path) == "is the header")
        }
    }

    @Test func aTableThatDoesNotExistFailsNamingTheNearest() {
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charge.csv"]).problems == [
                "TALLY_ROWS=toy/charge.csv selects no table: no table under ROOT matches \"toy/charge.csv\"; "
                    + "nearest: toy/charges.csv"
            ])
    }

    @Test func aTagNoRowHasFailsListingTheTagsInUse() {
        #expect(
            Self.rows(["TALLY_TAGS": "edg"]).problems == [
                "TALLY_TAGS=edg selects no row: no row has the tag \"edg\"; tags in use, "
                    + "nearest first: edge, oop, elsewhere"
            ])
        #expect(
            Self.rows(["TALLY_ROWS": "toy/charges.csv:3", "TALLY_TAGS": "oop"]).problems == [
                "TALLY_TAGS=oop selects no row: no selected row has the tag \"oop\"; tags in use, nearest first: edge"
            ])
    }

    @Test func selectorsForAnotherSpecsTablesSelectNothingHereWithoutFailing() {
        let otherRows = Self.rows(["TALLY_ROWS": "other/things.csv:2"])
        #expect(otherRows.rows.isEmpty && otherRows.problems.isEmpty)
        let otherTag = Self.rows(["TALLY_TAGS": "elsewhere"])
        #expect(otherTag.rows.isEmpty && otherTag.problems.isEmpty)
    }

    @Test func aTableTheSpecDeclaresButNoFileHoldsFails() {
        #expect(
            Self.rows([:], deposits: false).problems == [
                "spec \"toy\" declares the table \"deposits\", but ROOT/toy/deposits.csv does not exist"
            ])
    }
}
