/// Comments, string literals (multi-line, raw, interpolated) and `#` constructs.
extension SwiftLexer {
    /// Skips a `/* … */` comment, nested ones included.
    mutating func skipBlockComment() throws(Failure) {
        let start = mark()
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { sawNewline = true }
                advance()
            }
        }
        throw failure(at: start, "unterminated /* comment")
    }

    /// `#if` lines, regex literals `#/…/#`, and `#`-words.
    mutating func lexPound(from start: Mark) throws(Failure) {
        if peek(1) == UInt8(ascii: "/") {
            index += 2
            while index < bytes.count, bytes[index] != UInt8(ascii: "/") || peek(1) != UInt8(ascii: "#") { advance() }
            guard index < bytes.count else { throw failure(at: start, "unterminated #/regex/# literal") }
            index += 2
            emit(.string, from: start)
            return
        }
        index += 1
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[(start.offset + 1)..<index], as: UTF8.self)
        let atLineStart = bytes[lineStart..<start.offset].allSatisfy {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
        guard atLineStart, ["if", "elseif", "else", "endif"].contains(word) else {
            emit(.pound, from: start)
            return
        }
        // The rest of the line is the condition (or a comment): never code to mutate.
        skipLine()
        if word == "if" { conditionalDepth += 1 }
        emit(.directive, from: start)
        if word == "endif" { conditionalDepth = max(conditionalDepth - 1, 0) }
    }

    /// Skips a string literal, raw (`#"…"#`) or not, from its first `#` or quote to its closing
    /// delimiter, interpolations included; `false`, having moved nowhere, when no quote follows the `#`s.
    mutating func skipString() throws(Failure) -> Bool {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        guard peek(hashes) == UInt8(ascii: "\"") else { return false }
        index += hashes
        let start = mark()
        let multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        let quotes = multiLine ? 3 : 1
        index += quotes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                if peek(0) == UInt8(ascii: "(") {
                    try skipInterpolation()
                } else if index < bytes.count {
                    advance()
                }
                continue
            }
            if byte == UInt8(ascii: "\n"), !multiLine { throw failure(at: start, "unterminated string literal") }
            if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
                (0..<hashes).allSatisfy({ peek(quotes + $0) == UInt8(ascii: "#") })
            {
                index += quotes + hashes
                return true
            }
            advance()
        }
        throw failure(at: start, multiLine ? "unterminated multi-line string literal" : "unterminated string literal")
    }

    /// Skips `\( … )` inside a string: code with its own parentheses, strings and comments.
    mutating func skipInterpolation() throws(Failure) {
        let start = mark()
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                if try !skipString() { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLine()
            default:
                advance()
            }
        }
        throw failure(at: start, "unterminated \\( interpolation")
    }
}
