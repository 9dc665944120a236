/// Text made safe for the Markdown reports: whatever a property's name, label, value or failure
/// holds — pipes, backticks, control characters, line breaks — it shows as itself and cannot break
/// the table or the code block around it.
enum MarkdownText {
    /// `text` with control characters (other than line breaks and tabs) written as `\u{1B}`.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// `text` as plain inline text, for a table cell or a heading: one line, Markdown punctuation
    /// escaped (`|` included, which would end a table cell), line breaks as `<br>`.
    static func inline(_ text: String) -> String {
        var result = ""
        for character in visible(text) {
            switch character {
            case "\n", "\r\n": result += "<br>"
            case "\t": result += " "
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "#": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` as a fenced code block, its fence longer than any run of backticks inside.
    static func fence(_ text: String) -> [String] {
        let shown = visible(text)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: shown) + 1))
        return [fence] + shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [fence]
    }

    /// The length of the longest run of backticks in `text`: a fence or code span around it needs more.
    static func longestBacktickRun(in text: String) -> Int {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// `text` fit for a Markdown table cell, as the check, tables and mutation reports write their cells
    /// (which may hold code spans and `<br>`; plain text, such as a name, wants ``inline(_:)``): `|`
    /// escaped, line breaks as `<br>`, other control characters written out.
    static func cell(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escapingControlCharacters }
            .joined(separator: "<br>").replacingOccurrences(of: "|", with: "\\|")
    }

    /// `text` as a code span, fenced with more backticks than it holds.
    static func codeSpan(_ text: String) -> String {
        guard text.contains("`") else { return "`\(text)`" }
        let fence = String(repeating: "`", count: longestBacktickRun(in: text) + 1)
        return "\(fence) \(text) \(fence)"
    }
}
