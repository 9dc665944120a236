extension CSVReader {
    /// The text of the bytes in `range`, with doubled quotes undone when asked; `nil` when they are
    /// not UTF-8.
    func text(_ range: Range<Int>, ascii: Bool, undoublingQuotes: Bool) -> String? {
        input.bytes.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[range])
            guard undoublingQuotes else {
                return ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
            }
            var content: [UInt8] = []
            content.reserveCapacity(bytes.count)
            var previousWasQuote = false
            for byte in bytes {
                if byte == Self.quote, previousWasQuote { previousWasQuote = false; continue }
                previousWasQuote = byte == Self.quote
                content.append(byte)
            }
            return ascii ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
        }
    }

    /// The problem for the first byte of `range` that is not UTF-8; the range starts at `line:column`.
    func notUTF8Problem(in range: Range<Int>, line: Int, column: Int) -> TableProblem {
        let bad = input.bytes.withUnsafeBufferPointer { buffer in
            range.lowerBound + (CSVEncoding.firstInvalidUTF8(in: UnsafeBufferPointer(rebasing: buffer[range])) ?? 0)
        }
        let at = position(of: bad, from: range.lowerBound, line: line, column: column)
        return problem(line: at.line, column: at.column, CSVEncoding.notUTF8Message(byte: input.bytes[bad]))
    }

    /// The line and character column of byte `target`, counted from byte `start` at `line:column`.
    func position(of target: Int, from start: Int, line: Int, column: Int) -> (line: Int, column: Int) {
        var (line, column) = (line, column)
        var cursor = start
        let bytes = input.bytes
        while cursor < target, cursor < bytes.count {
            let byte = bytes[cursor]
            cursor += 1
            if byte == Self.lf || byte == Self.cr {
                if byte == Self.cr, cursor < target, bytes[cursor] == Self.lf { cursor += 1 }
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The number of characters (UTF-8 lead bytes) in `range`.
    func leadBytes(in range: Range<Int>) -> Int {
        input.bytes.withUnsafeBufferPointer { buffer in buffer[range].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
    }

    /// The character column of byte `position` on the current line (counting UTF-8 lead bytes), in
    /// time linear in the line's length over all fields of the line.
    mutating func column(of position: Int) -> Int {
        var column = 1
        var cursor = lineStart
        if columnMark.line == line, columnMark.position >= lineStart, columnMark.position <= position {
            (cursor, column) = (columnMark.position, columnMark.column)
        }
        input.bytes.withUnsafeBufferPointer { buffer in
            while cursor < position, cursor < buffer.count {
                if buffer[cursor] & 0xC0 != 0x80 { column += 1 }
                cursor += 1
            }
        }
        columnMark = (line, position, column)
        return column
    }
}
