/// Physical lines of a table file, read as text without parsing CSV: what a line a selector named
/// holds, for messages about selectors that select nothing.
enum TableLines {
    /// What line `number` of the file at `path` is, completing "line 3 of … ": "is a comment",
    /// "is blank", "is the header", "is past the end (the file has 48 lines)", "is not a line" (0 or
    /// less), or "is not a row".
    static func kind(ofLine number: Int, in path: String) -> String {
        guard number >= 1 else {
            return "is not a line: lines are numbered from 1, as the spreadsheet numbers its rows"
        }
        guard var input = CSVInput(path: path) else { return "cannot be read" }
        var line = 1, headerLine: Int?, index = 0, lineStart = 0
        var target: [UInt8]?
        var afterCR = false
        func finishLine(at end: Int) {
            let text = Array(input.bytes[lineStart..<end])
            let trimmed = text.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x09 }
            let isSeparator = line == 1 && isSeparatorLine(trimmed)
            if headerLine == nil, !trimmed.isEmpty, trimmed.first != UInt8(ascii: "#"), !isSeparator {
                headerLine = line
            }
            if line == number { target = Array(trimmed) }
        }
        while target == nil {
            if index == input.bytes.count {
                guard input.hasMore, !input.stoppedAtNUL else {
                    if index > lineStart { finishLine(at: index) } else { line -= 1 }
                    break
                }
                input.refill(keepingFrom: lineStart)
                (index, lineStart) = (index - lineStart, 0)
                continue
            }
            let byte = input.bytes[index]
            index += 1
            if byte == 10, afterCR {
                (afterCR, lineStart) = (false, index)  // the LF of a CRLF
                continue
            }
            afterCR = byte == 13
            guard byte == 10 || byte == 13 else { continue }
            finishLine(at: index - 1)
            (line, lineStart) = (line + 1, index)
        }
        guard let target else { return "is past the end: the file has \(line) line\(line == 1 ? "" : "s")" }
        if target.isEmpty { return "is blank" }
        if target.first == UInt8(ascii: "#") { return "is a comment" }
        if headerLine == number { return "is the header" }
        if number == 1, isSeparatorLine(target) { return "chooses the delimiter (sep=)" }
        return "is not a row"
    }

    /// Whether `line` (without its byte order mark) is an Excel `sep=;` line, as the reader reads one.
    private static func isSeparatorLine(_ line: some Collection<UInt8>) -> Bool {
        CSVDialect.excelSeparatorLine(Array(line), from: 0) != nil
    }
}
