import Foundation
import TallyTables

/// A requirement table as its file shows it — header, every record, and the rule written above it —
/// so that the report shows every row of the file, in its order, whatever ran.
struct TableSource {
    var path: String
    var header: [String] = []
    /// The records below the header, each with its line.
    var records: [CSVRecord] = []
    /// What kept the file or a record from being read.
    var problems: [TableProblem] = []
    /// The table's rule as HTML: the Markdown file beside it (`visits.md`), or else its leading
    /// `#` comment lines.
    var rule = ""

    init(path: String) {
        self.path = path
        do {
            var reader = try CSVReader(contentsOf: path)
            while let next = reader.next() {
                switch next {
                case .success(let record) where header.isEmpty && records.isEmpty: header = record.texts
                case .success(let record): records.append(record)
                case .failure(let problem): problems.append(problem)
                }
            }
        } catch {
            problems.append(error)
        }
        rule = Self.rule(ofTableAt: path)
    }

    /// The rule beside or above the table at `path`, as HTML; empty when it has none.
    static func rule(ofTableAt path: String) -> String {
        let markdown = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("md").path
        if let text = try? String(contentsOfFile: markdown, encoding: .utf8) {
            return MarkdownToHTML.html(text)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        var comments: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map({
            $0.drop { $0 == "\u{FEFF}" }
        }) {
            guard line.hasPrefix("#") else { break }
            let comment = line.dropFirst()
            comments.append(String(comment.first == " " ? comment.dropFirst() : comment))
        }
        return MarkdownToHTML.html(comments.joined(separator: "\n"))
    }
}
