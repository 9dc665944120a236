import Foundation

/// A CSV reader for RFC 4180 and for what spreadsheets actually export.
///
/// It accepts UTF-8 with or without a byte-order mark; CRLF, LF and CR line ends; quoted fields holding
/// delimiters, doubled quotes and line breaks; an Excel `sep=;` first line choosing the delimiter;
/// `,`, `;` or tab as delimiter (detected from the header line when no `sep=` line says); blank lines;
/// and `#` comment lines. Physical line numbers are tracked across quoted line breaks.
///
/// Every problem is a ``TableProblem`` located at `path:line:column`: an unterminated quote (at the
/// line where it opened), a stray quote inside an unquoted field, text after a closing quote, a record
/// with the wrong number of fields, invalid UTF-8. The reader never traps on any bytes; after a problem
/// it goes on with the next line, so one run lists every problem.
///
/// ```swift
/// var reader = CSVReader(bytes: Array("a,b\n1,\"x, y\"\n".utf8), path: "t.csv")
/// while let result = reader.next() {
///     switch result {
///     case .success(let record): print(record.texts)   // ["a", "b"], then ["1", "x, y"]
///     case .failure(let problem): print(problem)
///     }
/// }
/// ```
///
/// Reading is one linear pass over the bytes; records are produced one at a time.
public struct CSVReader: IteratorProtocol {
    /// The table's path, for problems.
    public let path: String
    /// The delimiter in use.
    public private(set) var delimiter: UInt8

    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var lineStart: Int
    /// Fields per record, fixed by the first record (the header).
    private var expectedFieldCount: Int?

    private static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// A reader of `bytes`, naming `path` in its problems.
    public init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        index = start
        lineStart = start
        delimiter = UInt8(ascii: ",")
        if let separator = Self.excelSeparatorLine(bytes, from: start) {
            delimiter = separator.delimiter
            index = separator.next
            lineStart = separator.next
            line = 2
        } else {
            delimiter = Self.detectDelimiter(bytes, from: start)
        }
    }

    /// Reads the file at `path`.
    public init(contentsOf path: String) throws(TableProblem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw TableProblem(path: path, line: 0, column: 0, message: exists ? (isDirectory.boolValue ? "is a folder, expected a .csv file" : "cannot be read") : "no such file")
        }
        self.init(bytes: [UInt8](data), path: path)
    }

    /// The next record, or the next problem, or `nil` at the end of the file.
    public mutating func next() -> Result<CSVRecord, TableProblem>? {
        while index < bytes.count {
            // Blank lines and comment lines between records are skipped.
            let byte = bytes[index]
            if byte == Self.lf || byte == Self.cr {
                consumeLineEnd()
                continue
            }
            if byte == UInt8(ascii: "#") {
                skipToNextLine()
                continue
            }
            return readRecord()
        }
        return nil
    }

    // MARK: Records

    private mutating func readRecord() -> Result<CSVRecord, TableProblem> {
        let recordLine = line
        var fields: [CSVField] = []
        while true {
            switch readField() {
            case .failure(let problem):
                skipToNextLine()
                return .failure(problem)
            case .success(let (field, endedRecord)):
                fields.append(field)
                if endedRecord {
                    if let expected = expectedFieldCount, fields.count != expected {
                        return .failure(problem(
                            line: recordLine, column: 0,
                            "expected \(expected) field\(expected == 1 ? "" : "s") like the header, found \(fields.count)"))
                    }
                    expectedFieldCount = expectedFieldCount ?? fields.count
                    return .success(CSVRecord(line: recordLine, fields: fields))
                }
            }
        }
    }

    /// Reads one field and answers whether the record ended after it.
    private mutating func readField() -> Result<(CSVField, Bool), TableProblem> {
        let fieldLine = line
        let fieldColumn = column(of: index)
        if index < bytes.count, bytes[index] == Self.quote {
            return readQuotedField(line: fieldLine, column: fieldColumn)
        }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
            if byte == Self.quote {
                return .failure(problem(line: line, column: column(of: index), "stray quote inside an unquoted field: quote the whole field and double the quote (\"\")"))
            }
            index += 1
        }
        guard let text = decode(start..<index, line: fieldLine) else { return .failure(lastDecodeProblem!) }
        return .success((CSVField(text: text, line: fieldLine, column: fieldColumn, byteRange: start..<index), endField()))
    }

    private mutating func readQuotedField(line fieldLine: Int, column fieldColumn: Int) -> Result<(CSVField, Bool), TableProblem> {
        let start = index
        index += 1
        var content: [UInt8] = []
        var segmentStart = index
        while true {
            guard index < bytes.count else {
                return .failure(problem(line: fieldLine, column: fieldColumn, "unterminated quoted field: the quote opened here never closes"))
            }
            let byte = bytes[index]
            if byte == Self.quote {
                content.append(contentsOf: bytes[segmentStart..<index])
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    content.append(Self.quote)
                    index += 2
                    segmentStart = index
                    continue
                }
                index += 1
                break
            }
            if byte == Self.lf || byte == Self.cr {
                index += 1
                if byte == Self.cr, index < bytes.count, bytes[index] == Self.lf { index += 1 }
                line += 1
                lineStart = index
                continue
            }
            index += 1
        }
        if index < bytes.count, bytes[index] != delimiter, bytes[index] != Self.lf, bytes[index] != Self.cr {
            return .failure(problem(line: line, column: column(of: index), "unexpected text after a closing quote: expected a delimiter or the end of the line"))
        }
        guard let text = decode(content, line: fieldLine, column: fieldColumn + 1) else { return .failure(lastDecodeProblem!) }
        return .success((CSVField(text: text, line: fieldLine, column: fieldColumn, byteRange: start..<index), endField()))
    }

    /// Consumes the delimiter or line end after a field; answers whether the record ended.
    private mutating func endField() -> Bool {
        guard index < bytes.count else { return true }
        if bytes[index] == delimiter {
            index += 1
            return false
        }
        consumeLineEnd()
        return true
    }

    private mutating func consumeLineEnd() {
        if bytes[index] == Self.cr, index + 1 < bytes.count, bytes[index + 1] == Self.lf { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func skipToNextLine() {
        while index < bytes.count, bytes[index] != Self.lf, bytes[index] != Self.cr { index += 1 }
        if index < bytes.count { consumeLineEnd() }
    }

    // MARK: Text

    private var lastDecodeProblem: TableProblem?

    private mutating func decode(_ range: Range<Int>, line: Int) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            decode(UnsafeBufferPointer(rebasing: buffer[range]), line: line, column: column(of: range.lowerBound))
        }
    }

    private mutating func decode(_ content: [UInt8], line: Int, column: Int) -> String? {
        content.withUnsafeBufferPointer { decode($0, line: line, column: column) }
    }

    /// Decodes UTF-8, or records where it is invalid.
    private mutating func decode(_ buffer: UnsafeBufferPointer<UInt8>, line: Int, column: Int) -> String? {
        if let text = String(validating: buffer, as: UTF8.self) { return text }
        var validColumns = 0
        var iterator = buffer.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                validColumns += scalar == "\n" || scalar == "\r" ? 0 : 1
            case .emptyInput:
                break decoding
            case .error:
                break decoding
            }
        }
        lastDecodeProblem = problem(line: line, column: column + validColumns, "invalid UTF-8: save the file as UTF-8 (\"CSV UTF-8\" in Excel)")
        return nil
    }

    /// The character column of byte `position` on the current line.
    private func column(of position: Int) -> Int {
        var column = 1
        var cursor = lineStart
        while cursor < position, cursor < bytes.count {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return column
    }

    private func problem(line: Int, column: Int, _ message: String) -> TableProblem {
        TableProblem(path: path, line: line, column: column, message: message)
    }

    // MARK: Delimiters

    private static func excelSeparatorLine(_ bytes: [UInt8], from start: Int) -> (delimiter: UInt8, next: Int)? {
        let prefix = Array("sep=".utf8)
        guard bytes.count >= start + 5, Array(bytes[start..<start + 4]).map({ $0 | 0x20 }) == prefix.map({ $0 | 0x20 }) else { return nil }
        let delimiter = bytes[start + 4]
        var next = start + 5
        guard next == bytes.count || bytes[next] == lf || bytes[next] == cr else { return nil }
        if next < bytes.count {
            if bytes[next] == cr, next + 1 < bytes.count, bytes[next + 1] == lf { next += 1 }
            next += 1
        }
        return (delimiter, next)
    }

    /// The most frequent of `,` `;` and tab outside quotes on the first line; `,` when none appears.
    private static func detectDelimiter(_ bytes: [UInt8], from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var inQuotes = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote { inQuotes.toggle() }
            if !inQuotes, byte == lf || byte == cr { break }
            if !inQuotes, counts[byte] != nil { counts[byte]! += 1 }
            index += 1
        }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!
        return best.value > 0 ? best.key : UInt8(ascii: ",")
    }
}
