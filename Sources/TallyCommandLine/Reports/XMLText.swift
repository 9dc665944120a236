extension String {
    /// The text fit for XML 1.0 content and attribute values, for every JUnit report (tables,
    /// properties, fuzz): `&`, `<`, `>`, `"` and `'` as entities, a carriage return as `&#13;` (so
    /// parsers keep it), and every other control character — which XML 1.0 cannot hold at all, not even
    /// as a reference — written out as `\u{1B}`, so one odd byte in a cell cannot make a report unreadable.
    var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\r": escaped += "&#13;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF:
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
