import Foundation
import Testing

/// Every test a condition skips says why, and one that a `TALLY_` variable turns on says how to run
/// it (`TALLY_SURVEY=1 …`): `swift test` prints the reason beside the skip. Before, the surveys and
/// the end-to-end test of `tally mutate` were skipped without a word.
@Suite struct SkippedTestReasonTests {
    @Test func everyConditionalTestSaysWhyAndHowToRunIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var traits = 0
        for folder in ["Tests", "Examples"] {
            for file in TallyVariablesTests.files(under: root.appendingPathComponent(folder))
            where file.pathExtension == "swift" && file.lastPathComponent != "SkippedTestReasonTests.swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                let place = file.path.replacingOccurrences(of: root.path + "/", with: "")
                for arguments in Self.conditionArguments(in: text) {
                    traits += 1
                    let comment = arguments.first { $0.hasPrefix("\"") && $0.count > 2 }
                    guard let comment else {
                        Issue.record(
                            """
                            \(place): a test skipped with no reason: (\(arguments.joined(separator: ", "))); \
                            add one, saying how to run it
                            """
                        )
                        continue
                    }
                    for variable in TallyVariablesTests.names(in: arguments.filter { !$0.hasPrefix("\"") }.joined())
                    where !comment.contains(variable + "=") {
                        Issue.record(
                            "\(place): the reason \(comment) does not say how to run the test: with \(variable)=…")
                    }
                }
            }
        }
        #expect(traits > 10, "the conditions were found")
    }

    /// The top-level arguments of each `.enabled(…)` and `.disabled(…)` trait in `text`.
    static func conditionArguments(in text: String) -> [[String]] {
        var found: [[String]] = []
        for marker in [".enabled(", ".disabled("] {
            var rest = text[...]
            while let range = rest.range(of: marker) {
                let (arguments, end) = Self.arguments(text[range.upperBound...])
                found.append(arguments)
                rest = text[end...]
            }
        }
        return found
    }

    /// The comma-separated arguments up to the parenthesis that closes the list `text` starts in,
    /// trimmed (string literals kept whole), and where the list ends.
    static func arguments(_ text: Substring) -> ([String], String.Index) {
        var arguments: [String] = [], current = "", depth = 0, inString = false, escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == ")" && depth == 0 {
                return (
                    arguments + [current.trimmingCharacters(in: .whitespacesAndNewlines)].filter { !$0.isEmpty }, index
                )
            }
            if character == "," && depth == 0 {
                arguments.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
                continue
            }
            if character == "\"" { inString = true }
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            current.append(character)
        }
        return (arguments, index)
    }
}
