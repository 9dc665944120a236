import Foundation

/// A CSV reader for RFC 4180 and for what spreadsheets export: UTF-8 with or without a byte-order mark,
/// any line ends, quoted fields spanning lines, `,` `;` or tab as delimiter (from an Excel `sep=;` line,
/// else detected), blank and `#` comment lines. It never traps on any bytes.
///
/// Every problem is a ``TableProblem`` at `path:line:column`, and reading goes on at the next line, so no
/// row disappears without a problem; a file that is not UTF-8 text gets one problem and reading stops.
/// A file is read in chunks of 1 MB, so memory stays flat however long the table is.
public struct CSVReader: IteratorProtocol {
    /// The table's path, for problems.
    public let path: String
    /// The delimiter in use.
    public internal(set) var delimiter: UInt8

    var input: CSVInput
    var index: Int
    var line = 1
    var lineStart: Int
    /// The character column of `index` on the current line, kept as bytes are consumed.
    var currentColumn = 1
    /// Physical lines before `line` that are not spreadsheet rows: line breaks inside quoted cells,
    /// and a `sep=` line (spreadsheets hide it).
    var hiddenLines = 0
    /// Fields per record, fixed by the first record (the header).
    var expectedFieldCount: Int?
    /// Where the last column was counted, so that counting the next one on the line continues from it.
    var columnMark = (line: 0, position: 0, column: 1)
    /// A problem that ends reading (the file is not UTF-8 text), reported once.
    var fileProblem: TableProblem?
    var finished = false

    static let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")

    /// A reader of `bytes`, naming `path` in its problems.
    public init(bytes: [UInt8], path: String) {
        self.init(input: CSVInput(bytes: bytes), path: path)
    }

    /// A reader of the file at `path`, which it reads a chunk at a time.
    public init(contentsOf path: String) throws(TableProblem) {
        try self.init(contentsOf: path, chunkSize: 1 << 20)
    }

    init(contentsOf path: String, chunkSize: Int) throws(TableProblem) {
        guard let input = CSVInput(path: path, chunkSize: chunkSize) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw TableProblem(
                path: path, line: 0, column: 0,
                message: exists
                    ? (isDirectory.boolValue ? "is a folder, expected a .csv file" : "cannot be read") : "no such file")
        }
        self.init(input: input, path: path)
    }

    private init(input: CSVInput, path: String) {
        self.input = input
        self.path = path
        let bytes = input.bytes
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = start
        lineStart = start
        delimiter = UInt8(ascii: ",")
        if let format = input.foreignFormat {
            fileProblem = TableProblem(path: path, line: 1, column: 0, message: CSVEncoding.foreignFileMessage(format))
        } else if let separator = CSVDialect.excelSeparatorLine(bytes, from: start) {
            delimiter = separator.delimiter
            index = separator.next
            lineStart = separator.next
            line = 2
            hiddenLines = 1
        } else {
            delimiter = CSVDialect.detectDelimiter(bytes, from: start)
        }
    }

    /// The next record, or the next problem, or `nil` at the end of the file.
    public mutating func next() -> Result<CSVRecord, TableProblem>? {
        guard !finished else { return nil }
        if let fileProblem {
            finished = true
            return .failure(fileProblem)
        }
        while true {
            let start = (index: index, line: line, hiddenLines: hiddenLines)
            switch step() {
            case .skipped:
                continue
            case .record(let record):
                return .success(record)
            case .problem(let problem):
                return .failure(problem)
            case .stop(let problem):
                finished = true
                return .failure(problem)
            case .end:
                finished = true
                return input.readFailed
                    ? .failure(problem(line: line, column: 0, "the file could not be read to its end")) : nil
            case .needMore:
                // The step ran past the bytes read so far: read more and take it again from its start.
                (index, line, hiddenLines) = start
                lineStart = index
                currentColumn = 1
                if input.stoppedAtNUL {
                    finished = true
                    let (nulLine, nulColumn) = position(of: input.bytes.count, from: index, line: line, column: 1)
                    return .failure(problem(line: nulLine, column: nulColumn, CSVEncoding.nulMessage))
                }
                input.refill(keepingFrom: index)
                index = 0
                lineStart = 0
                columnMark = (0, 0, 1)
            }
        }
    }

    enum Step {
        case skipped, record(CSVRecord), problem(TableProblem), stop(TableProblem), end, needMore
    }

    /// Reads from the start of a line: a blank line, a comment line, or one record.
    private mutating func step() -> Step {
        guard index < input.bytes.count else { return input.hasMore ? .needMore : .end }
        let byte = input.bytes[index]
        if byte == Self.lf || byte == Self.cr { return consumeLineEnd() ? .skipped : .needMore }
        if byte == UInt8(ascii: "#") { return skipToNextLine() ? .skipped : .needMore }
        return readRecord()
    }

    /// A quoted cell of the current record: the first one that spans lines is the suspect when the
    /// record breaks, and one that never closes is reported where it opened.
    struct OpenQuote {
        var line: Int, column: Int, row: Int
        /// The hidden lines before the cell, to count rows again from there.
        var hiddenBefore: Int
        /// Where the line after the quote's line starts, when the cell spans lines.
        var nextLine: Int?
        /// The line of the closing quote.
        var closeLine: Int
    }

    private mutating func readRecord() -> Step {
        let recordLine = line, hiddenAtStart = hiddenLines
        var fields: [CSVField] = []
        fields.reserveCapacity(expectedFieldCount ?? 8)
        var spanning: OpenQuote?
        while true {
            switch readField(spanning: &spanning) {
            case .needMore:
                return .needMore
            case .stop(let problem):
                return .stop(problem)
            case .unterminated(let quote):
                guard quote.nextLine != nil else {
                    index = input.bytes.count
                    return .problem(
                        problem(
                            line: quote.line, column: quote.column, row: quote.row,
                            "unterminated quote: the quote opened here never closes; close it, or double it (\"\") "
                                + "if it is part of the text"
                        ))
                }
                return unterminated(
                    quote, "never closes and swallows the rest of the file (\(lines(quote.line + 1, line)))")
            case .problem(let problem, let consequence):
                if let spanning { return unterminated(spanning, closingLate: consequence) }
                guard skipToNextLine() else { return .needMore }
                return .problem(problem)
            case .field(let field, let endsRecord, let lastLine):
                fields.append(field)
                guard endsRecord else { continue }
                // Separators alone (`,,,,`, as a spreadsheet saves an empty row) are a blank line, not a row.
                if fields.count > 1, spanning == nil, fields.allSatisfy(\.byteRange.isEmpty) { return .skipped }
                if let expected = expectedFieldCount, fields.count > expected, spanning == nil {
                    let extra = fields[expected]
                    return .problem(
                        problem(
                            line: extra.line, column: extra.column, row: recordLine - hiddenAtStart,
                            "expected \(expected) field\(expected == 1 ? "" : "s") like the header, "
                                + "found \(fields.count): the extra cell starts here, "
                                + "in spreadsheet column \(HeaderBinder.letter(ofColumn: expected))"
                        ))
                }
                if let expected = expectedFieldCount, fields.count != expected {
                    if let spanning {
                        return unterminated(
                            spanning, closingLate: "the row has \(fields.count) fields where the header has \(expected)"
                        )
                    }
                    return .problem(
                        problem(
                            line: recordLine, column: 0, row: recordLine - hiddenAtStart,
                            "expected \(expected) field\(expected == 1 ? "" : "s") "
                                + "like the header, found \(fields.count)"
                        ))
                }
                expectedFieldCount = expectedFieldCount ?? fields.count
                return .record(
                    CSVRecord(line: recordLine, row: recordLine - hiddenAtStart, endLine: lastLine, fields: fields))
            }
        }
    }

    /// Reports `quote` as unterminated and goes on reading at the line after it opened, so that the
    /// lines its cell swallowed are read (and checked) as rows of their own.
    private mutating func unterminated(_ quote: OpenQuote, _ what: String) -> Step {
        index = quote.nextLine ?? input.bytes.count
        lineStart = index
        line = quote.line + 1
        currentColumn = 1
        hiddenLines = quote.hiddenBefore
        columnMark = (0, 0, 1)
        return .problem(
            problem(
                line: quote.line, column: quote.column, row: quote.row,
                "unterminated quote: the quote opened here \(what); close it on line \(quote.line), "
                    + "or double it (\"\") if it is part of the text"
            ))
    }

    /// Reports `quote`, which closes lines later, as unterminated, saying what happens after it closes.
    private mutating func unterminated(_ quote: OpenQuote, closingLate consequence: String) -> Step {
        let swallowed = lines(quote.line + 1, quote.closeLine)
        return unterminated(
            quote, "closes only on line \(quote.closeLine), swallowing \(swallowed), and then \(consequence)")
    }

    /// `line 6` or `lines 6–9`.
    private func lines(_ first: Int, _ last: Int) -> String {
        last <= first ? "line \(first)" : "lines \(first)–\(last)"
    }

    func problem(line: Int, column: Int, row: Int? = nil, _ message: String) -> TableProblem {
        TableProblem(path: path, line: line, column: column, row: row, message: message)
    }
}
