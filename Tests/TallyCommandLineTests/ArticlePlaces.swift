import Foundation
import Testing

/// The places in the planted bugs' files (`PlantedBugsSpec/PlantedBugsSpec.swift:12:51`) that an article's
/// sample output quotes, held to what a run prints: a test that runs the command an article shows checks
/// that every place the article quotes is one the run printed. A line added above a planted bug moves
/// the place the runtime names; before, the articles went on quoting the old line (a `public enum`, a
/// doc comment) and nothing failed.
enum ArticlePlaces {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each `PlantedBugsSpec/<file>.swift:<line>` or `…:<line>:<column>` in `text`.
    static func places(in text: String) -> Set<String> {
        Set(text.matches(of: /PlantedBugsSpec\/\w+\.swift:\d+(?::\d+)?/).map { String($0.output) })
    }

    /// Records an issue naming each place the article (`Sources/Tally/Tally.docc/<name>.md`) quotes that
    /// `output`, the run of the command it shows, did not print; an article that quotes none is an error.
    static func expectQuoted(
        by name: String, printedIn output: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = "Sources/Tally/Tally.docc/\(name).md"
        let article = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let quoted = places(in: article)
        #expect(!quoted.isEmpty, "\(path) quotes no place in the planted bugs' files", sourceLocation: sourceLocation)
        let stale = quoted.subtracting(places(in: output)).sorted()
        #expect(
            stale.isEmpty,
            """
            \(path) quotes \(stale.joined(separator: ", ")), which the run did not print: the planted bugs \
            moved. The run printed \(places(in: output).sorted().joined(separator: ", ")).
            """,
            sourceLocation: sourceLocation)
    }
}
