import Foundation

/// Links from the report to the files it speaks of.
enum ReportLink {
    /// A link to the file at `path` (relative to the current folder, or absolute), showing `text`.
    static func file(_ path: String, text: String) -> String {
        "<a href=\"\(URL(fileURLWithPath: path).standardizedFileURL.absoluteString.htmlEscaped)\">\(text.htmlEscaped)</a>"
    }
}
