import Testing

/// Rows of the wrong shape as a spreadsheet saves them: an extra cell is pointed at where it starts,
/// and a row of separators alone is a blank line.
@Suite struct CSVRowShapeTests {
    @Test func anExtraCellIsLocatedByLineColumnAndSpreadsheetLetter() {
        let result = read("a,b,c\n1,2,3,oops\n")
        #expect(
            result.problems == [
                "t.csv:2:7: expected 3 fields like the header, found 4: the extra cell starts here, "
                    + "in spreadsheet column D"
            ])
    }

    @Test func aRowOfSeparatorsAloneIsBlank() {
        let result = read("a,b,c\n1,2,3\n,,\n4,5,6\n\"\",,\n")
        #expect(result.problems.isEmpty)
        // A quoted empty cell is written on purpose: that row stays.
        #expect(result.records == [["a", "b", "c"], ["1", "2", "3"], ["4", "5", "6"], ["", "", ""]])
    }
}
