import Foundation

/// The little Markdown a table's rule is written in — paragraphs, `#` headings, `-` and `1.` lists,
/// `code`, **bold**, *emphasis* and [links](url) — as HTML. Everything else is shown as written,
/// escaped: a rule never injects markup into the report.
enum MarkdownToHTML {
    static func html(_ markdown: String) -> String {
        var blocks: [String] = []
        var paragraph: [String] = []
        var list: (tag: String, items: [String])?
        func flush() {
            if !paragraph.isEmpty { blocks.append("<p>\(inline(paragraph.joined(separator: " ")))</p>") }
            paragraph = []
            if let open = list {
                blocks.append("<\(open.tag)>" + open.items.map { "<li>\(inline($0))</li>" }.joined() + "</\(open.tag)>")
            }
            list = nil
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { flush(); continue }
            let hashes = line.prefix { $0 == "#" }.count
            if (1...3).contains(hashes), line.dropFirst(hashes).first == " " {
                flush()
                blocks.append("<h3>\(inline(line.dropFirst(hashes + 1).trimmingCharacters(in: .whitespaces)))</h3>")
            } else if let item = line.firstMatch(of: /^([-*]|\d+\.) +(.*)$/) {
                let tag = item.1.first == "-" || item.1.first == "*" ? "ul" : "ol"
                if !paragraph.isEmpty || list?.tag != tag { flush() }
                list = (tag, (list?.items ?? []) + [String(item.2)])
            } else if list != nil, raw.first == " " {
                list!.items[list!.items.count - 1] += " " + line
            } else {
                if list != nil { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return blocks.joined(separator: "\n")
    }

    /// Inline code, bold, emphasis and links, in escaped text; code spans are left untouched inside.
    static func inline(_ text: String) -> String {
        var output = ""
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            // An unmatched backtick is shown as written.
            if index % 2 == 1 && index == pieces.count - 1 {
                output += "`" + String(piece).htmlEscaped
            } else if index % 2 == 1 {
                output += "<code>\(String(piece).htmlEscaped)</code>"
                continue
            }
            var escaped = String(piece).htmlEscaped
            escaped = escaped.replacing(/\*\*(.+?)\*\*/) { "<strong>\($0.1)</strong>" }
            escaped = escaped.replacing(/\*(.+?)\*/) { "<em>\($0.1)</em>" }
            escaped = escaped.replacing(/\[([^\]]+)\]\(([^)\s]+)\)/) { link in
                link.2.lowercased().hasPrefix("javascript:")
                    ? "\(link.1) (\(link.2))" : "<a href=\"\(link.2)\">\(link.1)</a>"
            }
            output += escaped
        }
        return output
    }
}
