import Foundation
import Testing

@testable import TallyTables

@Suite struct CSVEncodingTests {
    static func utf16(_ text: String, bigEndian: Bool = false, mark: Bool = true) -> [UInt8] {
        let units = Array(text.utf16)
        let bytes = units.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return (mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []) + bytes
    }

    @Test func utf16FilesGetOneMessageSayingHowToSaveThemAgain() {
        let table = String(repeating: "id,allowed\ncase,$1.00\n", count: 50)
        let littleEndian = readBytes(Self.utf16(table))
        #expect(littleEndian.records.isEmpty)
        #expect(
            littleEndian.problems == [
                "t.csv:1: the file is UTF-16 text (little-endian, as Excel's \"Unicode Text\" saves), "
                    + "not CSV text in UTF-8: re-save it as \"CSV UTF-8 (Comma delimited)\" in Excel, "
                    + "or as CSV with UTF-8 encoding in other apps"
            ])
        #expect(
            readBytes(Self.utf16(table, bigEndian: true)).problems.map { $0.contains("UTF-16 text (big-endian)") } == [
                true
            ])
        #expect(
            readBytes(Self.utf16(table, mark: false)).problems.map {
                $0.contains("UTF-16 text (little-endian, without a byte-order mark)")
            } == [true])
        #expect(
            readBytes(Self.utf16(table, bigEndian: true, mark: false)).problems.map {
                $0.contains("UTF-16 text (big-endian, without a byte-order mark)")
            } == [true])
    }

    @Test func workbooksAndBinaryFilesGetOneMessage() {
        #expect(
            readBytes(Array("PK".utf8) + [3, 4, 20, 0, 6, 0] + Array(repeating: 0, count: 200)).problems == [
                "t.csv:1: the file is an Excel workbook (.xlsx) or another zip archive, "
                    + "not CSV text in UTF-8: \(CSVEncoding.resave)"
            ])
        #expect(readBytes([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]).problems.count == 1)
        let binary = readBytes((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        #expect(
            binary.problems == [
                "t.csv:1: the file is binary data (it holds NUL bytes), not CSV text in UTF-8: \(CSVEncoding.resave)"
            ])
    }

    @Test func aNULByteLaterInTheFileStopsReadingThereWithOneMessage() {
        let text = "a,b\n" + String(repeating: "1,2\n", count: 2000) + "3,x"
        let result = readBytes(Array(text.utf8) + [0] + Array(",y\n4,5\n".utf8))
        #expect(result.records.count == 2001)
        #expect(
            result.problems == [
                "t.csv:2002:4: a NUL byte: the file holds binary data here, not text; \(CSVEncoding.resave)"
            ])
    }

    @Test func controlCharactersInCellsAreWrittenOutInMessages() {
        #expect("a\u{1B}[31mb\nc\td\u{7F}".escapingControlCharacters == "a\\u{1B}[31mb\\nc\\td\\u{7F}")
        #expect("plain é".escapingControlCharacters == "plain é")
        let problem = TableProblem(path: "t.csv", line: 2, column: 3, message: "\"\u{1B}[2J\" is not valid")
        #expect(problem.description == "t.csv:2:3: \"\\u{1B}[2J\" is not valid")
    }

    @Test func windows1252NamesWhatAByteWouldBe() {
        #expect(CSVEncoding.windows1252(0xE9) == "é")
        #expect(CSVEncoding.windows1252(0x80) == "€")
        #expect(CSVEncoding.windows1252(0x81) == nil)
        let invalid: [UInt8] = [0x61, 0xC3, 0xA9, 0xED, 0xA0, 0x80]
        #expect(invalid.withUnsafeBufferPointer { CSVEncoding.firstInvalidUTF8(in: $0) } == 3)
    }
}
