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
                if bytes[index] == UInt8(ascii: "\n") {
                    index += 1
                    newLine()
                    sawNewline = true
                } else {
                    index += 1
                }
            }
        }
        throw failure(at: start, "unterminated /* comment")
    }

    /// `#if` lines, raw strings `#"…"#`, regex literals `#/…/#`, and `#`-words.
    mutating func lexPound() throws(Failure) {
        let start = mark()
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
            index += hashes
            try skipString(hashes: hashes)
            emit(.string, from: start)
            return
        }
        if hashes == 1, peek(1) == UInt8(ascii: "/") {
            index += 2
            while index < bytes.count, !(bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "#")) {
                if bytes[index] == UInt8(ascii: "\n") { index += 1; newLine() } else { index += 1 }
            }
            guard index < bytes.count else { throw failure(at: start, "unterminated #/regex/# literal") }
            index += 2
            emit(.string, from: start)
            return
        }
        index += 1
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[(start.offset + 1)..<index], as: UTF8.self)
        let atLineStart = bytes[lineStart..<start.offset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard atLineStart, ["if", "elseif", "else", "endif"].contains(word) else {
            emit(.pound, from: start)
            return
        }
        // The rest of the line is the condition (or a comment): never code to mutate.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        if word == "if" { conditionalDepth += 1 }
        emit(.directive, from: start)
        if word == "endif" { conditionalDepth = max(conditionalDepth - 1, 0) }
    }

    /// Skips a string literal from its opening quote (after any `#`s) to its closing delimiter,
    /// interpolations included.
    mutating func skipString(hashes: Int) throws(Failure) {
        let start = mark()
        let multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiLine ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                if peek(0) == UInt8(ascii: "(") {
                    try skipInterpolation()
                } else if peek(0) == UInt8(ascii: "\n") {
                    index += 1
                    newLine()
                } else if index < bytes.count {
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\n") {
                guard multiLine else { throw failure(at: start, "unterminated string literal") }
                index += 1
                newLine()
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = multiLine ? 3 : 1
                let closes = (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
                    && (0..<hashes).allSatisfy { peek(quotes + $0) == UInt8(ascii: "#") }
                if closes {
                    index += quotes + hashes
                    return
                }
            }
            index += 1
        }
        throw failure(at: start, multiLine ? "unterminated multi-line string literal" : "unterminated string literal")
    }

    /// Skips `\( … )` inside a string: code with its own parentheses, strings and comments.
    mutating func skipInterpolation() throws(Failure) {
        let start = mark()
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                try skipString(hashes: 0)
            case UInt8(ascii: "#") where peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "#"):
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                guard peek(hashes) == UInt8(ascii: "\"") else { index += hashes; continue }
                index += hashes
                try skipString(hashes: hashes)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\n"):
                index += 1
                newLine()
            default:
                index += 1
            }
        }
        throw failure(at: start, "unterminated \\( interpolation")
    }
}
