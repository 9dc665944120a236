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
    /// The character column of `index` on the current line, kept as bytes are consumed.
    private var currentColumn = 1
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
        guard let bytes = Self.readAll(path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw TableProblem(path: path, line: 0, column: 0, message: exists ? (isDirectory.boolValue ? "is a folder, expected a .csv file" : "cannot be read") : "no such file")
        }
        self.init(bytes: bytes, path: path)
    }

    /// The file's bytes, read straight into an array (no intermediate `Data` copy).
    private static func readAll(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil else { return nil }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, count in
            var total = 0
            while total < buffer.count {
                let got = read(handle.fileDescriptor, buffer.baseAddress! + total, buffer.count - total)
                if got <= 0 { failed = got < 0; break }
                total += got
            }
            count = total
        }
        return failed ? nil : bytes
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
        fields.reserveCapacity(expectedFieldCount ?? 8)
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
        let fieldColumn = currentColumn
        if index < bytes.count, bytes[index] == Self.quote {
            return readQuotedField(line: fieldLine, column: fieldColumn)
        }
        let start = index
        var stray: Int?
        let delimiter = self.delimiter
        var highBits: UInt8 = 0
        index = bytes.withUnsafeBufferPointer { buffer in
            var cursor = start
            while cursor < buffer.count {
                let byte = buffer[cursor]
                if byte == delimiter || byte == Self.lf || byte == Self.cr { break }
                if byte == Self.quote { stray = cursor; break }
                highBits |= byte
                cursor += 1
            }
            return cursor
        }
        if let stray {
            return .failure(problem(line: line, column: column(of: stray), "stray quote inside an unquoted field: quote the whole field and double the quote (\"\")"))
        }
        guard let text = decode(start..<index, line: fieldLine, ascii: highBits < 0x80) else { return .failure(lastDecodeProblem!) }
        currentColumn += highBits < 0x80 ? index - start : leadBytes(in: start..<index)
        return .success((CSVField(text: text, line: fieldLine, column: fieldColumn, byteRange: start..<index), endField()))
    }

    private mutating func readQuotedField(line fieldLine: Int, column fieldColumn: Int) -> Result<(CSVField, Bool), TableProblem> {
        let start = index
        var highBits: UInt8 = 0
        var crossedLine = false
        var doubledQuotes = false
        var closed = false
        var cursor = start + 1
        var newLines: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            while cursor < buffer.count {
                let byte = buffer[cursor]
                if byte == Self.quote {
                    if cursor + 1 < buffer.count, buffer[cursor + 1] == Self.quote {
                        doubledQuotes = true
                        cursor += 2
                        continue
                    }
                    cursor += 1
                    closed = true
                    return
                }
                if byte == Self.lf || byte == Self.cr {
                    cursor += 1
                    if byte == Self.cr, cursor < buffer.count, buffer[cursor] == Self.lf { cursor += 1 }
                    newLines.append(cursor)
                    continue
                }
                highBits |= byte
                cursor += 1
            }
        }
        guard closed else {
            index = bytes.count  // everything after an unclosed quote belongs to it
            return .failure(problem(line: fieldLine, column: fieldColumn, "unterminated quoted field: the quote opened here never closes"))
        }
        index = cursor
        if let last = newLines.last {
            line += newLines.count
            lineStart = last
            crossedLine = true
        }
        if crossedLine {
            currentColumn = column(of: index)
        } else {
            currentColumn += highBits < 0x80 ? index - start : leadBytes(in: start..<index)
        }
        if index < bytes.count, bytes[index] != delimiter, bytes[index] != Self.lf, bytes[index] != Self.cr {
            return .failure(problem(line: line, column: currentColumn, "unexpected text after a closing quote: expected a delimiter or the end of the line"))
        }
        let inner = (start + 1)..<(index - 1)
        let text: String?
        if doubledQuotes {
            var content: [UInt8] = []
            content.reserveCapacity(inner.count)
            var previousWasQuote = false
            for byte in bytes[inner] {
                if byte == Self.quote, previousWasQuote { previousWasQuote = false; continue }
                previousWasQuote = byte == Self.quote
                content.append(byte)
            }
            text = decode(content, line: fieldLine, column: fieldColumn + 1)
        } else {
            text = decode(inner, line: fieldLine, ascii: highBits < 0x80, column: fieldColumn + 1)
        }
        guard let text else { return .failure(lastDecodeProblem!) }
        return .success((CSVField(text: text, line: fieldLine, column: fieldColumn, byteRange: start..<index), endField()))
    }

    /// Consumes the delimiter or line end after a field; answers whether the record ended.
    private mutating func endField() -> Bool {
        guard index < bytes.count else { return true }
        if bytes[index] == delimiter {
            index += 1
            currentColumn += 1
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
        currentColumn = 1
    }

    private mutating func skipToNextLine() {
        while index < bytes.count, bytes[index] != Self.lf, bytes[index] != Self.cr { index += 1 }
        if index < bytes.count { consumeLineEnd() }
    }

    // MARK: Text

    private var lastDecodeProblem: TableProblem?

    private mutating func decode(_ range: Range<Int>, line: Int, ascii: Bool, column: Int? = nil) -> String? {
        if ascii {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
        }
        let start = column ?? self.column(of: range.lowerBound)
        return bytes.withUnsafeBufferPointer { buffer in
            decode(UnsafeBufferPointer(rebasing: buffer[range]), line: line, column: start)
        }
    }

    private mutating func decode(_ content: [UInt8], line: Int, column: Int) -> String? {
        content.withUnsafeBufferPointer { buffer in
            buffer.allSatisfy { $0 < 0x80 } ? String(decoding: buffer, as: UTF8.self) : decode(buffer, line: line, column: column)
        }
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

    /// The number of characters (UTF-8 lead bytes) in `range`.
    private func leadBytes(in range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in buffer[range].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
    }

    /// Where the last column was counted, so that counting the next one on the line continues from it.
    private var columnMark = (line: 0, position: 0, column: 1)

    /// The character column of byte `position` on the current line (counting UTF-8 lead bytes), in
    /// time linear in the line's length over all fields of the line.
    private mutating func column(of position: Int) -> Int {
        var column = 1
        var cursor = lineStart
        if columnMark.line == line, columnMark.position >= lineStart, columnMark.position <= position {
            (cursor, column) = (columnMark.position, columnMark.column)
        }
        bytes.withUnsafeBufferPointer { buffer in
            while cursor < position, cursor < buffer.count {
                if buffer[cursor] & 0xC0 != 0x80 { column += 1 }
                cursor += 1
            }
        }
        columnMark = (line, position, column)
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
