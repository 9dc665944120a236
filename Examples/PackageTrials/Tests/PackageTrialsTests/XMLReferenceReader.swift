import Foundation

/// The readings XML 1.0 gives the text of ``XMLDocuments/notes``, written from the specification alone, as the
/// oracle of `XMLCoderGrammarTrials`: line ends normalized (§2.11), references replaced (§4.1, §4.6), CDATA
/// kept as it is (§2.7), comments and processing instructions dropped, and each white space character
/// written literally in an attribute value read as a space (§3.3.3; one written as a reference is kept).
enum XMLReferenceReader {
    struct Note: Equatable, CustomStringConvertible {
        var x: String
        var text: String
        var description: String { "Note(x: \(String(reflecting: x)), text: \(String(reflecting: text)))" }
    }

    /// The attribute `x` and the text of `<text>` in a document of ``XMLDocuments/notes``.
    static func note(_ document: String) -> Note {
        let text = normalizedLineEnds(document)
        let afterName = text.range(of: "<note x")!.upperBound
        let quote = text[afterName...].first { $0 == "\"" || $0 == "'" }!
        let open = text[afterName...].firstIndex(of: quote)!
        let close = text[text.index(after: open)...].firstIndex(of: quote)!
        let value = text[text.index(after: open)..<close].map { "\t\n".contains($0) ? " " : String($0) }.joined()
        let content = text[
            text.range(of: "<text>")!.upperBound..<text.range(of: "</text>", options: .backwards)!.lowerBound]
        return Note(x: replacingReferences(value), text: read(String(content)))
    }

    /// `text` with CR LF and a lone CR each read as LF.
    static func normalizedLineEnds(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            scalars.append(afterCR ? "\n" : scalar)
        }
        return String(scalars)
    }

    /// Content: references replaced, CDATA sections' text kept, comments and processing instructions dropped.
    static func read(_ content: String) -> String {
        var rest = Substring(content)
        var text = ""
        while let first = rest.first {
            if rest.hasPrefix("<![CDATA[") {
                let end = rest.range(of: "]]>")!
                text += rest[rest.index(rest.startIndex, offsetBy: 9)..<end.lowerBound]
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--") || rest.hasPrefix("<?") {
                rest = rest[rest.range(of: rest.hasPrefix("<?") ? "?>" : "-->")!.upperBound...]
            } else if first == "&" {
                let end = rest.firstIndex(of: ";")!
                text += replacingReferences(String(rest[...end]))
                rest = rest[rest.index(after: end)...]
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// `text` with every entity and character reference replaced by the character it names.
    static func replacingReferences(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let end = rest[ampersand...].firstIndex(of: ";")!
            let name = rest[rest.index(after: ampersand)..<end]
            let predefined = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let character = predefined[String(name)] {
                result += character
            } else {
                let hex = name.hasPrefix("#x")
                let digits = name.dropFirst(hex ? 2 : 1)
                result.unicodeScalars.append(Unicode.Scalar(UInt32(digits, radix: hex ? 16 : 10)!)!)
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
