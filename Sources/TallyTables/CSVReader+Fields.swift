extension CSVReader {
    /// What reading one field found.
    enum FieldOutcome {
        /// A field, whether the record ended after it, and the line the field ends on.
        case field(CSVField, endsRecord: Bool, lastLine: Int)
        /// The field runs past the bytes read so far.
        case needMore
        /// A malformed field, and what it does to its record, for when a quote opened earlier is to blame.
        case problem(TableProblem, consequence: String)
        /// A quoted field whose quote never closes.
        case unterminated(OpenQuote)
        /// Bytes that are not UTF-8 text: reading ends.
        case stop(TableProblem)
    }

    /// Reads one field; a quoted field that spans lines becomes `spanning` when none did before it.
    mutating func readField(spanning: inout OpenQuote?) -> FieldOutcome {
        let count = input.bytes.count
        if index == count, input.hasMore { return .needMore }
        if index < count, input.bytes[index] == Self.quote { return readQuotedField(spanning: &spanning) }
        let fieldLine = line, fieldColumn = currentColumn
        let start = index
        var stray: Int?
        let delimiter = self.delimiter
        var highBits: UInt8 = 0
        let end = input.bytes.withUnsafeBufferPointer { buffer in
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
            index = stray
            return .problem(
                problem(
                    line: line, column: column(of: stray), row: line - hiddenLines,
                    "stray quote inside an unquoted field: quote the whole field and double the quote (\"\")"),
                consequence: "a stray quote follows on line \(line)")
        }
        if end == count, input.hasMore { return .needMore }
        index = end
        guard let text = text(start..<end, ascii: highBits < 0x80, undoublingQuotes: false) else {
            return .stop(notUTF8Problem(in: start..<end, line: fieldLine, column: fieldColumn))
        }
        currentColumn += highBits < 0x80 ? end - start : leadBytes(in: start..<end)
        let field = CSVField(
            text: text, line: fieldLine, column: fieldColumn, byteRange: (input.offset + start)..<(input.offset + end))
        guard let ended = endField() else { return .needMore }
        return .field(field, endsRecord: ended, lastLine: fieldLine)
    }

    private mutating func readQuotedField(spanning: inout OpenQuote?) -> FieldOutcome {
        let fieldLine = line, fieldColumn = currentColumn, hiddenBefore = hiddenLines
        let start = index
        var highBits: UInt8 = 0
        var doubledQuotes = false, closed = false, needMore = false
        var cursor = start + 1
        var lineBreaks = 0, firstLineEnd: Int?, lastLineEnd = 0
        let hasMore = input.hasMore
        input.bytes.withUnsafeBufferPointer { buffer in
            while cursor < buffer.count {
                let byte = buffer[cursor]
                if byte == Self.quote {
                    if cursor + 1 < buffer.count {
                        if buffer[cursor + 1] == Self.quote {
                            doubledQuotes = true
                            cursor += 2
                            continue
                        }
                    } else if hasMore {
                        needMore = true  // a doubled quote may straddle the chunks
                        return
                    }
                    cursor += 1
                    closed = true
                    return
                }
                if byte == Self.lf || byte == Self.cr {
                    cursor += 1
                    if byte == Self.cr {
                        if cursor < buffer.count {
                            if buffer[cursor] == Self.lf { cursor += 1 }
                        } else if hasMore {
                            needMore = true
                            return
                        }
                    }
                    lineBreaks += 1
                    firstLineEnd = firstLineEnd ?? cursor
                    lastLineEnd = cursor
                    continue
                }
                highBits |= byte
                cursor += 1
            }
        }
        if needMore || (!closed && hasMore) { return .needMore }
        // An unclosed cell's last line is the file's last line with text on it.
        let endsWithBreak = !closed && lineBreaks > 0 && lastLineEnd == cursor
        let closeLine = fieldLine + lineBreaks - (endsWithBreak ? 1 : 0)
        let quote = OpenQuote(
            line: fieldLine, column: fieldColumn, row: fieldLine - hiddenBefore, hiddenBefore: hiddenBefore,
            nextLine: closeLine > fieldLine ? firstLineEnd : nil, closeLine: closeLine)
        guard closed else {
            line = quote.closeLine
            return .unterminated(quote)
        }
        index = cursor
        if lineBreaks > 0 {
            line += lineBreaks
            lineStart = lastLineEnd
            hiddenLines += lineBreaks
            currentColumn = column(of: index)
            if spanning == nil { spanning = quote }
        } else {
            currentColumn += highBits < 0x80 ? index - start : leadBytes(in: start..<index)
        }
        if index == input.bytes.count, hasMore { return .needMore }
        if index < input.bytes.count, input.bytes[index] != delimiter, input.bytes[index] != Self.lf,
            input.bytes[index] != Self.cr
        {
            // Name the opening quote: a cell whose closing quote is missing runs on to the next quote of
            // the line, and the error shows only where that one ends.
            let opened =
                lineBreaks == 0
                ? "the quote opened at column \(fieldColumn) closes at column \(currentColumn - 1)"
                : "the quote opened on line \(fieldLine), column \(fieldColumn) closes at column \(currentColumn - 1)"
            return .problem(
                problem(
                    line: line, column: currentColumn, row: line - hiddenLines,
                    "unexpected text after a closing quote: \(opened), "
                        + "and a delimiter or the end of the line was expected after it; "
                        + "if that cell should end sooner, its closing quote is missing; "
                        + "a quote inside a quoted cell is written twice (\"\")"
                ),
                consequence: "text follows a closing quote on line \(line)")
        }
        guard let text = text((start + 1)..<(index - 1), ascii: highBits < 0x80, undoublingQuotes: doubledQuotes) else {
            return .stop(notUTF8Problem(in: (start + 1)..<(index - 1), line: fieldLine, column: fieldColumn + 1))
        }
        let field = CSVField(
            text: text, line: fieldLine, column: fieldColumn, byteRange: (input.offset + start)..<(input.offset + index)
        )
        let lastLine = line
        guard let ended = endField() else { return .needMore }
        return .field(field, endsRecord: ended, lastLine: lastLine)
    }

    /// Consumes the delimiter or line end after a field; answers whether the record ended, or `nil`
    /// when what follows is not read yet.
    private mutating func endField() -> Bool? {
        guard index < input.bytes.count else { return input.hasMore ? nil : true }
        if input.bytes[index] == delimiter {
            index += 1
            currentColumn += 1
            return false
        }
        return consumeLineEnd() ? true : nil
    }

    /// Consumes the line end at `index`; `false` when a CR ends the bytes read so far, since an LF may
    /// follow it.
    mutating func consumeLineEnd() -> Bool {
        if input.bytes[index] == Self.cr {
            if index + 1 < input.bytes.count {
                if input.bytes[index + 1] == Self.lf { index += 1 }
            } else if input.hasMore {
                return false
            }
        }
        index += 1
        line += 1
        lineStart = index
        currentColumn = 1
        return true
    }

    /// Skips the rest of the line; `false` when its end is not read yet.
    mutating func skipToNextLine() -> Bool {
        let count = input.bytes.count
        index = input.bytes.withUnsafeBufferPointer { buffer in
            var cursor = index
            while cursor < count, buffer[cursor] != Self.lf, buffer[cursor] != Self.cr { cursor += 1 }
            return cursor
        }
        if index < count { return consumeLineEnd() }
        return !input.hasMore
    }
}
