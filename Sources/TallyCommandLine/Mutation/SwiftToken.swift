/// One token of Swift source, as ``SwiftLexer`` reads it: where it is, what kind it is, and what
/// surrounds it (which decides, in Swift, whether an operator is prefix, postfix or binary).
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A name (`amount`, `` `default` ``, `$0`) or a reserved word (`if`, `true`, `self`).
        case identifier, keyword
        /// A number literal: `42`, `1_000`, `0xFF`; `1.5`, `2e10`.
        case integer, float
        /// A whole string literal, interpolations included: `"a\(b)"`, `"""…"""`, `#"…"#`.
        case string
        /// Operator characters (`+`, `<=`, `!`, `?`, `...`); brackets, `,`, `:`, `;`, `.`, `@`, `\`, `->`.
        case `operator`, punctuation
        /// A `#`-word outside a conditional-compilation line: `#available`, `#file`, `#expect`.
        case pound
        /// A whole `#if`, `#elseif`, `#else` or `#endif` line.
        case directive
    }

    var kind: Kind
    /// UTF-8 byte offsets in the file.
    var range: Range<Int>
    /// 1-based line and UTF-8 column of the first byte, as the compiler counts them.
    var line: Int
    var column: Int
    var text: String
    /// Whitespace, a comment, an opening bracket, `,`, `;`, `:` or the start of the file precedes the
    /// token (Swift's rule for an operator that is not left-bound).
    var spaceBefore: Bool
    /// Whitespace, a comment, a closing bracket, `,`, `;`, `:` or the end of the file follows the
    /// token (Swift's rule for an operator that is not right-bound).
    var spaceAfter: Bool
    /// A line break (possibly inside a comment) lies between the previous token and this one.
    var newlineBefore: Bool
    /// Inside a `#if … #endif` block, where the code may not even be compiled.
    var insideConditionalCompilation: Bool

    /// `true` for a punctuation or operator token spelled `text`.
    func `is`(_ text: String) -> Bool {
        (kind == .punctuation || kind == .operator || kind == .keyword) && self.text == text
    }

    /// An operator with whitespace on both sides (or on neither): Swift reads it as binary.
    var isBinaryOperator: Bool {
        kind == .operator && spaceBefore == spaceAfter && text != "!" && text != "?"
    }

    /// An operator bound to what follows only: `!ready`, `-amount`.
    var isPrefixOperator: Bool {
        kind == .operator && spaceBefore && !spaceAfter
    }
}
