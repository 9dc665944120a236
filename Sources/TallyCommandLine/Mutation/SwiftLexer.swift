/// A small Swift lexer: enough of the language to tell code from comments, string literals and
/// conditional-compilation lines, and to find operators, names and integer literals with their
/// positions. It never fails on valid Swift; on an unterminated comment or string it throws with the
/// position where the construct began.
struct SwiftLexer {
    /// A construct the lexer could not finish, such as a string literal that never closes.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var message: String
        var description: String { "\(line):\(column): \(message)" }
    }

    static let keywords: Set<String> = [
        "as", "associatedtype", "await", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
        "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if",
        "import", "in", "init", "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol",
        "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch",
        "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var tokens: [SwiftToken] = []
    var sawSpace = true
    var sawNewline = false
    var conditionalDepth = 0

    /// The tokens of `source`, comments and whitespace left out.
    static func tokens(of source: String) throws(Failure) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: Array(source.utf8))
        try lexer.run()
        return lexer.tokens
    }

    mutating func run() throws(Failure) {
        while index < bytes.count {
            let byte = bytes[index]
            let start = mark()
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C, UInt8(ascii: "\n"):
                if byte == UInt8(ascii: "\n") { sawNewline = true }
                advance()
                sawSpace = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLine()
                sawSpace = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                try skipBlockComment()
                sawSpace = true
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                if try skipString() { emit(.string, from: start) } else { try lexPound(from: start) }
            case UInt8(ascii: "`"):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
                    index += 1
                }
                guard peek(0) == UInt8(ascii: "`") else { throw failure(at: start, "unterminated `name`") }
                index += 1
                emit(.identifier, from: start)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber(from: start)
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
                index += 2
                emit(.punctuation, from: start)
            case UInt8(ascii: ".") where peek(1) == UInt8(ascii: "."):
                while let byte = peek(0), Self.isOperatorByte(byte) || byte == UInt8(ascii: ".") { index += 1 }
                emit(.operator, from: start)
            case _ where Self.isOperatorByte(byte):
                lexOperator(from: start)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"),
                UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "\\"),
                UInt8(ascii: "."):
                index += 1
                emit(.punctuation, from: start)
            default:
                index += 1
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
                let text = String(decoding: bytes[start.offset..<index], as: UTF8.self)
                emit(Self.keywords.contains(text) ? .keyword : .identifier, from: start)
            }
        }
        finishSpacing()
    }

    // MARK: Words, numbers, operators

    mutating func lexNumber(from start: Mark) {
        let afterDot =
            tokens.last.map { $0.text == "." && !$0.spaceAfter && $0.range.upperBound == start.offset } ?? false
        var isFloat = false
        if peek(0) == UInt8(ascii: "0"), let radix = peek(1),
            [UInt8(ascii: "x"), UInt8(ascii: "b"), UInt8(ascii: "o")].contains(radix)
        {
            index += 2
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        } else {
            while index < bytes.count, Self.isDigitOrUnderscore(bytes[index]) { index += 1 }
            if !afterDot, peek(0) == UInt8(ascii: "."), let next = peek(1),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
            {
                isFloat = true
                index += 1
                while index < bytes.count, Self.isDigitOrUnderscore(bytes[index]) { index += 1 }
            }
            if !afterDot, let e = peek(0), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                isFloat = true
                index += 1
                if let sign = peek(0), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
                while index < bytes.count, Self.isDigitOrUnderscore(bytes[index]) { index += 1 }
            }
        }
        emit(isFloat ? .float : .integer, from: start)
    }

    mutating func lexOperator(from start: Mark) {
        index += 1
        if bytes[start.offset] == UInt8(ascii: "?") || bytes[start.offset] == UInt8(ascii: "!") && !sawSpace {
            // `x?.y`, `x!`, and a lone `?` of a ternary stay single; `!=` and `??` do not.
            if let next = peek(0),
                (next == UInt8(ascii: "=") && bytes[start.offset] == UInt8(ascii: "!"))
                    || (next == UInt8(ascii: "?") && bytes[start.offset] == UInt8(ascii: "?"))
            {
                index += 1
                if peek(0) == UInt8(ascii: "=") { index += 1 }
            }
            emit(.operator, from: start)
            return
        }
        while index < bytes.count, Self.isOperatorByte(bytes[index]) {
            if bytes[index] == UInt8(ascii: "/"), let next = peek(1),
                next == UInt8(ascii: "/") || next == UInt8(ascii: "*")
            {
                break
            }
            index += 1
        }
        emit(.operator, from: start)
    }

    // MARK: Bookkeeping

    struct Mark { var offset: Int; var line: Int; var column: Int }

    func mark() -> Mark { Mark(offset: index, line: line, column: index - lineStart + 1) }

    func peek(_ distance: Int) -> UInt8? { index + distance < bytes.count ? bytes[index + distance] : nil }

    /// Moves past one byte, counting lines.
    mutating func advance() {
        index += 1
        if bytes[index - 1] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index
        }
    }

    mutating func skipLine() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    func failure(at start: Mark, _ message: String) -> Failure {
        Failure(line: start.line, column: start.column, message: message)
    }

    mutating func emit(_ kind: SwiftToken.Kind, from start: Mark) {
        tokens.append(
            SwiftToken(
                kind: kind, range: start.offset..<index, line: start.line, column: start.column,
                text: String(decoding: bytes[start.offset..<index], as: UTF8.self),
                spaceBefore: sawSpace, spaceAfter: false, newlineBefore: sawNewline,
                insideConditionalCompilation: conditionalDepth > 0 || kind == .directive))
        sawSpace = false
        sawNewline = false
    }

    /// Swift's rule: brackets, `,`, `;` and `:` bound an operator like whitespace does.
    mutating func finishSpacing() {
        for position in tokens.indices {
            let previous = position > 0 ? tokens[position - 1] : nil
            if let previous, previous.kind == .punctuation, ["(", "[", "{", ",", ";", ":"].contains(previous.text) {
                tokens[position].spaceBefore = true
            }
            guard position + 1 < tokens.count else {
                tokens[position].spaceAfter = true
                continue
            }
            let next = tokens[position + 1]
            tokens[position].spaceAfter =
                next.range.lowerBound > tokens[position].range.upperBound
                || next.kind == .punctuation && [")", "]", "}", ",", ";", ":"].contains(next.text)
        }
    }

    static func isOperatorByte(_ byte: UInt8) -> Bool {
        "/=-+!*%<>&|^~?".utf8.contains(byte)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isDigitOrUnderscore(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}
