extension String {
    /// The text with every control character written out, so that a cell's text cannot break a
    /// one-line message, move a terminal's cursor or corrupt a report: a line break becomes `\n`,
    /// a tab `\t`, an escape `\u{1B}`.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.isControlCharacter:
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text in quotes, with its control characters written out: how messages show a cell.
    public var quotedForMessage: String { "\"" + escapingControlCharacters + "\"" }
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or DEL.
    var isControlCharacter: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
