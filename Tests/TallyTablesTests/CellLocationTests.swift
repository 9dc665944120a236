import TallyTables
import Testing

/// A `file:line:column` location, as Tally prints for a cell, selects the row on that line.
@Suite struct CellLocationTests {
    @Test func aCellsLocationSelectsItsRow() {
        let cell = RowSelection.location("Tables/claims/visits.csv:4:173")
        #expect(cell.path == "Tables/claims/visits.csv" && cell.line == 4)
        let row = RowSelection.location("Tables/claims/visits.csv:4")
        #expect(row.path == "Tables/claims/visits.csv" && row.line == 4)
        let table = RowSelection.location("Tables/claims/visits.csv")
        #expect(table.path == "Tables/claims/visits.csv" && table.line == nil)
    }
}
