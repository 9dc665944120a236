import Tally
import Testing

@testable import TallyTables

/// Reads `text` and returns its records' texts, or the problems.
func read(_ text: String, path: String = "t.csv") -> (records: [[String]], problems: [String]) {
    readBytes(Array(text.utf8), path: path)
}

func readBytes(_ bytes: [UInt8], path: String = "t.csv") -> (records: [[String]], problems: [String]) {
    var reader = CSVReader(bytes: bytes, path: path)
    var records: [[String]] = [], problems: [String] = []
    while let result = reader.next() {
        switch result {
        case .success(let record): records.append(record.texts)
        case .failure(let problem): problems.append(problem.description)
        }
    }
    return (records, problems)
}

func readRecords(_ text: String) -> [CSVRecord] {
    var reader = CSVReader(bytes: Array(text.utf8), path: "t.csv")
    var records: [CSVRecord] = []
    while let result = reader.next() { if case .success(let record) = result { records.append(record) } }
    return records
}

@Suite struct CSVReaderTests {
    @Test func plainRecordsWithEveryLineEnding() {
        for end in ["\n", "\r\n", "\r"] {
            let result = read("a,b\(end)1,2\(end)3,4")
            #expect(result.records == [["a", "b"], ["1", "2"], ["3", "4"]], "line end \(end.debugDescription)")
            #expect(result.problems.isEmpty)
        }
    }

    @Test func byteOrderMarkIsSkipped() {
        #expect(readBytes([0xEF, 0xBB, 0xBF] + Array("id,x\n1,2\n".utf8)).records == [["id", "x"], ["1", "2"]])
    }

    @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() {
        let result = read("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",z\n")
        #expect(result.records == [["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"]])
    }

    @Test func lineNumbersCountPhysicalLinesAcrossQuotedBreaks() {
        var reader = CSVReader(bytes: Array("a,b\n\"1\n2\n3\",x\nlast,y\n".utf8), path: "t.csv")
        var lines: [Int] = []
        while case .success(let record)? = reader.next() { lines.append(record.line) }
        #expect(lines == [1, 2, 5])
    }

    @Test func excelSeparatorLineAndDetectedDelimiters() {
        #expect(read("sep=;\na;b\n1,5;2\n").records == [["a", "b"], ["1,5", "2"]])
        #expect(read("a;b;c\n1;2;3\n").records == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(read("a\tb\n1\t2\n").records == [["a", "b"], ["1", "2"]])
        #expect(read("\"a,1\";b\n1;2\n").records == [["a,1", "b"], ["1", "2"]])
    }

    @Test func blankTrailingAndCommentLinesAreSkipped() {
        #expect(read("a,b\n\n# a comment, with commas\n1,2\n\n\n").records == [["a", "b"], ["1", "2"]])
        #expect(read("a,b\n1,\n").records == [["a", "b"], ["1", ""]])
    }

    @Test func unterminatedQuoteIsReportedWhereItOpenedAndTheLinesItSwallowedAreReadAgain() {
        let result = read("a,b\n1,2\n3,\"never\ncloses\n")
        #expect(
            result.problems == [
                "t.csv:3:3: unterminated quote: the quote opened here never closes and swallows the rest of the file "
                    + "(line 4); close it on line 3, or double it (\"\") if it is part of the text",
                "t.csv:4: expected 2 fields like the header, found 1",
            ])
        #expect(
            read("a,b\n1,\"x").problems == [
                "t.csv:2:3: unterminated quote: the quote opened here never closes; close it, or double it (\"\") "
                    + "if it is part of the text"
            ])
    }

    @Test func unterminatedQuoteInTheMiddleIsBlamedWhereItOpenedAndNoRowVanishes() {
        let result = read("id,note\nr1,\"fine\"\nr2,\"oops\nr3,\"next\"\nr4,ok\n")
        #expect(
            result.problems == [
                "t.csv:3:4: unterminated quote: the quote opened here closes only on line 4, swallowing line 4, "
                    + "and then text follows a closing quote on line 4; close it on line 3, or double it (\"\") "
                    + "if it is part of the text"
            ])
        #expect(result.records == [["id", "note"], ["r1", "fine"], ["r3", "next"], ["r4", "ok"]])
        let tooMany = read("a,b\n1,\"x\n2,y\",3\n4,5\n")
        #expect(
            tooMany.problems == [
                "t.csv:2:3: unterminated quote: the quote opened here closes only on line 3, swallowing line 3, "
                    + "and then the row has 3 fields where the header has 2; close it on line 2, or double it (\"\") "
                    + "if it is part of the text",
                "t.csv:3:4: stray quote inside an unquoted field: quote the whole field and double the quote (\"\")",
            ])
        #expect(tooMany.records == [["a", "b"], ["4", "5"]])
    }

    @Test func recordsKnowTheirSpreadsheetRowAfterCellsThatSpanLines() {
        var reader = CSVReader(bytes: Array("a,b\n\"1\n2\n3\",x\nlast,y,z\nend,w\n".utf8), path: "t.csv")
        var rows: [[Int]] = [], problems: [String] = []
        while let result = reader.next() {
            switch result {
            case .success(let record): rows.append([record.line, record.row, record.endLine])
            case .failure(let problem): problems.append(problem.description)
            }
        }
        #expect(rows == [[1, 1, 1], [2, 2, 4], [6, 4, 6]])
        #expect(
            problems == [
                "t.csv:5:8: expected 2 fields like the header, found 3: the extra cell starts here, "
                    + "in spreadsheet column C (spreadsheet row 3)"
            ])
        #expect(readRecords("sep=;\na;b\n1;2\n").map(\.row) == [1, 2])
    }

    @Test func wrongFieldCountStrayQuotesAndTextAfterQuotesAreLocated() {
        let result = read("a,b\n1,2,3\nx,ab\"c\n\"q\"z,1\n4,5\n")
        #expect(result.records == [["a", "b"], ["4", "5"]])
        #expect(
            result.problems == [
                "t.csv:2:5: expected 2 fields like the header, found 3: the extra cell starts here, "
                    + "in spreadsheet column C",
                "t.csv:3:5: stray quote inside an unquoted field: quote the whole field and double the quote (\"\")",
                "t.csv:4:4: unexpected text after a closing quote: the quote opened at column 1 closes at column 3, "
                    + "and a delimiter or the end of the line was expected after it; if that cell should end sooner, "
                    + "its closing quote is missing; a quote inside a quoted cell is written twice (\"\")",
            ])
    }

    @Test func invalidUTF8IsLocatedOnceAndNamesWhatTheByteLooksLike() {
        let result = readBytes(
            Array("a,b\né,x".utf8) + [0xE9] + Array("\n1,2\n3,\u{00E9}".utf8) + [0xE8] + Array("\n".utf8))
        #expect(
            result.problems == [
                "t.csv:2:4: the file is not UTF-8: byte 0xE9 here is not valid UTF-8 (\"é\" in Windows-1252, "
                    + "the encoding of Excel's plain \"CSV\" format); \(CSVEncoding.resave)"
            ])
        #expect(result.records == [["a", "b"]])
    }

    @Test func randomBytesNeverTrapAndEveryProblemIsLocated() async {
        await forAll(Gen<UInt8>.anyInt.array(length: 0...200)) { bytes in
            let result = readBytes(bytes, path: "fuzz.csv")
            for problem in result.problems {
                #expect(problem.hasPrefix("fuzz.csv:"))
            }
        }
    }

    /// Writes `cells` as CSV with `delimiter` and `lineEnd`, quoting every field that needs it.
    static func write(_ cells: [[String]], delimiter: String, lineEnd: String) -> String {
        cells.map { row in
            row.map { cell in
                let needsQuotes =
                    cell.isEmpty || cell.contains(where: { "\"\r\n#".contains($0) || String($0) == delimiter })
                    || cell.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
                return needsQuotes ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
            }.joined(separator: delimiter)
        }.joined(separator: lineEnd) + lineEnd
    }

    @Test func anyTableRoundTrips() async {
        let cells = Gen.string(of: .unicode, length: 0...6)
        let tables = Gen.int(in: 1...4).flatMap { width in cells.array(length: width...width).array(length: 1...5) }
        await forAll(tables, Gen.element(of: [",", ";", "\t"]), Gen.element(of: ["\n", "\r\n", "\r"])) {
            table, delimiter, lineEnd in
            let text = "sep=\(delimiter)\n" + Self.write(table, delimiter: delimiter, lineEnd: lineEnd)
            let result = read(text)
            #expect(result.problems.isEmpty)
            #expect(result.records == table)
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
