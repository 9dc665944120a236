import Tally

/// Text for serializers: any grapheme (combining marks, emoji, Hangul, the byte-order mark, controls), and
/// text drawn from the characters that formats give a meaning to, so that a writer that forgets to quote
/// or escape one meets it often.
enum Text {
    static let graphemes = Gen.string(of: .grapheme, length: 0...8)

    /// Characters with a meaning in YAML, XML or CSV, and the line ends and spaces every parser treats
    /// specially.
    static let punctuation: [Character] = [
        " ", "\t", "\n", "\r", "\r\n", ",", ";", ":", "-", "?", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
        "<", "/", "=", "[", "]", "{", "}", "~", ".", "0", "1", "e", "x", "n", "y", "o", "a", "l", "u", "\u{85}",
        "\u{A0}",
        "\u{2028}", "\u{FEFF}", "é",
    ]

    static let markup = Gen.string(of: Gen.element(of: punctuation), length: 0...6)

    /// Words some YAML 1.1 or 1.2 resolver reads as something other than a string.
    static let keywords = Gen.element(of: [
        "null", "Null", "NULL", "~", "", "true", "false", "True", "yes", "no", "on", "off", "y", "n", "Y", "N",
        "1", "-1", "0o17", "017", "0x1F", "1_000", "1e3", "1.5", ".5", "+1", ".inf", "-.inf", ".nan", ".NaN",
        "2001-12-14", "2001-12-14t21:59:43.10-05:00", "<<", "=", "12:30:00", "1:20",
    ])

    static let strings = Gen.oneOf(graphemes, markup, keywords)
}

extension Text {
    /// `text` without a leading U+FEFF: what a trial draws once a defect with one is pinned on its own.
    static func withoutLeadingByteOrderMark(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.drop { $0 == "\u{FEFF}" }))
    }

    /// `text` without carriage returns.
    static func withoutCarriageReturns(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
    }
}

extension Text {
    /// `text` with only the characters XML 1.0 allows (`Char`: tab, line feed, carriage return, U+0020 to
    /// U+D7FF, U+E000 to U+FFFD, U+10000 and up): a string with another is written, and the parser rejects it
    /// with an error, which is no silent change.
    static func xmlCharactersOnly(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    switch scalar.value {
                    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: true
                    default: false
                    }
                }))
    }
}
