import Foundation

/// Links from the report to the files it speaks of: relative to the report's folder, where the report
/// keeps a copy of each, so that the folder zipped and opened on another machine keeps them working.
enum ReportLink {
    /// A link to `href`, a path relative to the report's folder, showing `text`.
    static func relative(_ href: String, text: String) -> String {
        let escaped = href.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }
        return "<a href=\"\(escaped.joined(separator: "/").htmlEscaped)\">\(text.htmlEscaped)</a>"
    }
}
