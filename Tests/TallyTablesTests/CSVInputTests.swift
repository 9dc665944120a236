import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyTables

/// Reading a file a chunk at a time gives exactly what reading it whole gives: the same records, lines,
/// rows and byte ranges, and the same problems, wherever the chunks end.
@Suite struct CSVInputTests {
    /// Every record (its line, row, end line and fields with their places) or problem, as text.
    static func everything(_ reader: inout CSVReader) -> [String] {
        var seen: [String] = []
        while let result = reader.next() {
            switch result {
            case .success(let record):
                seen.append(
                    "\(record.line)/\(record.row)/\(record.endLine) "
                        + record.fields.map { "\($0.text.debugDescription)@\($0.line):\($0.column)[\($0.byteRange)]" }
                        .joined(separator: " "))
            case .failure(let problem):
                seen.append(problem.description)
            }
        }
        return seen
    }

    static func compare(_ bytes: [UInt8], chunkSize: Int) throws -> (whole: [String], chunked: [String]) {
        try withTemporaryFolder { folder in
            let path = folder + "/table.csv"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            var whole = CSVReader(bytes: bytes, path: path)
            var chunked = try CSVReader(contentsOf: path, chunkSize: chunkSize)
            return (everything(&whole), everything(&chunked))
        }
    }

    @Test func anyTableReadInSmallChunksReadsAsAWhole() async {
        let pieces = Gen.element(of: ["a", "é", ",", ";", "\"", "\"\"", "\n", "\r\n", "\r", "#", " ", "1", "\u{0}"])
        await forAll(pieces.array(length: 0...60), Gen.int(in: 1...9)) { pieces, chunkSize in
            let bytes = Array(("x,y\n" + pieces.joined()).utf8)
            let (whole, chunked) = try Self.compare(bytes, chunkSize: chunkSize)
            #expect(whole == chunked)
        }
    }

    @Test func aLongTableWithQuotedCellsReadsAsAWhole() throws {
        var text = "id,note,amount\r\n"
        for row in 1...3000 {
            text += "row \(row),\"line one, \"\"quoted\"\"\r\nline two é\",$\(row).00\r\n"
        }
        let (whole, chunked) = try Self.compare(Array(text.utf8), chunkSize: 4096)
        #expect(whole.count == 3001)
        #expect(whole == chunked)
    }
}
