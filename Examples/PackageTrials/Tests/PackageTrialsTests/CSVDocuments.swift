import Tally

/// CSV text drawn from the grammar of RFC 4180 (section 2, its ABNF), so that a reader meets every form the
/// format allows: quoted and unquoted fields, doubled quotes, commas and line breaks inside quotes, empty
/// fields, empty records, CRLF or LF between records, a line break after the last record or none.
///
/// The one liberty is LF alone as a line break, which both CSV packages read and most writers write.
/// Everything else is the RFC's: a field's text is `TEXTDATA` (printable ASCII but `"` and `,`, or the wider
/// characters of ``utf8``: §3 lets a `charset` parameter name UTF-8); CR and LF appear only inside quotes.
enum CSVDocuments {
    /// `TEXTDATA`: `%x20-21 / %x23-2B / %x2D-7E`, ordered so that `a` is the simplest character and the space,
    /// which `Gen.element` favours as the last, is drawn often.
    static let textData: [Character] = (0x20...0x7E).compactMap { value -> Character? in
        value == 0x22 || value == 0x2C ? nil : Character(Unicode.Scalar(UInt8(value)))
    }.sorted { rank($0) < rank($1) }

    /// `TEXTDATA` and characters past ASCII that a reader of Characters, not bytes or scalars, may misread:
    /// combining marks and joiners (which cling to the character before them, a quote or a comma too),
    /// spaces and line separators of Unicode, a byte-order mark, an emoji flag and a skin tone.
    static let utf8 =
        textData + [
            "\u{301}", "\u{200D}", "\u{200C}", "\u{FEFF}", "é", "\u{1F1EB}\u{1F1F7}", "\u{1F3FB}", "\u{2028}", "\u{A0}",
            "\u{85}", "\u{3000}",
        ]

    private static func rank(_ character: Character) -> Int {
        character == " " ? 1_000 : Int(character.asciiValue!) - (character == "a" ? 1_000 : 0)
    }

    /// RFC 4180 text: `file = [header CRLF] record *(CRLF record) [CRLF]` (a header is a record) — written
    /// as records each followed by a line break, then a last record without one or nothing, so that the
    /// shrinker can delete any record, the first too. Up to five records of up to four fields, each quoted
    /// field of up to four parts.
    ///
    /// - Parameters:
    ///   - characters: the characters of a field's text.
    ///   - endsInLineBreak: whether the text always ends in a line break (else it may or may not).
    ///   - leadingWhitespace: whether an unquoted field may start with whitespace (`Character.isWhitespace`)
    ///     or a byte-order mark.
    static func documents(
        of characters: [Character], endsInLineBreak: Bool = false, leadingWhitespace: Bool = true
    ) -> Gen<String> {
        let text = { (length: ClosedRange<Int>) in Gen.string(of: Gen.element(of: characters), length: length) }
        let first = characters.filter { leadingWhitespace || !($0.isWhitespace || $0 == "\u{FEFF}") }
        return Gen.grammar(
            start: "file",
            rules: [
                "file": [[.repeated("line", endsInLineBreak ? 1...5 : 0...4), .rule("last record")]],
                "line": [[.rule("record"), .rule("line break")]],
                "last record": endsInLineBreak ? [[]] : [[], [.rule("record")]],
                "line break": [["\r\n"], ["\n"]],
                "record": [[.rule("field"), .repeated("next field", 0...3)]],
                "next field": [[",", .rule("field")]],
                "field": [[.rule("unquoted")], [.rule("escaped")]],
                "unquoted": [
                    [], [.generated(Gen.string(of: Gen.element(of: first), length: 1...1)), .generated(text(0...3))],
                ],
                "escaped": [["\"", .repeated("escaped part", 0...4), "\""]],
                "escaped part": [[.generated(text(1...3))], [","], ["\"\""], ["\r\n"], ["\n"], ["\r"]],
            ])
    }
}
