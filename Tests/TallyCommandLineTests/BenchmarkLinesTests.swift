import Foundation
import Testing

/// Every benchmark command the README and the DocC articles show works when pasted: it names a
/// script that exists and can run, or `tally-bench`, with only arguments their usage accepts, and no
/// placeholder. Before, the README's `tally-bench [--json]` failed pasted (`unknown command '[--json]'`).
@Suite struct BenchmarkLinesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The commands of `text` that run a benchmark: each line of a shell block and each inline code
    /// span naming `tally-bench` or a script under `Scripts/`, its comment and `;`-separated parts apart.
    static func benchmarkCommands(in text: String) -> [String] {
        var pieces: [String] = []
        var inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inShell = line == "```sh" || line == "```bash"; continue }
            if inShell { pieces.append(line) }
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            pieces += spans.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return pieces.flatMap {
            $0.components(separatedBy: " #")[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        .filter {
            $0.contains("tally-bench") || $0.range(of: #"Scripts/[a-z-]+\.sh"#, options: .regularExpression) != nil
        }
        // A program named in prose (`tally-bench`) is no command; the nightly scripts are checked elsewhere.
        .filter {
            $0 != "tally-bench" && !$0.hasPrefix("TALLY_") && !$0.contains("nightly-fuzz") && !$0.contains("libfuzzer")
        }
    }

    /// The words a usage text accepts: options, subcommands, and whether it takes a number or names.
    static func accepted(byUsage usage: String) -> (words: Set<String>, number: Bool, names: Bool) {
        let words = usage.split(whereSeparator: { " \n[]|".contains($0) }).map(String.init)
        return (
            Set(words.filter { $0.hasPrefix("--") || $0.allSatisfy { $0.isLowercase || $0 == "-" } }),
            words.contains { ["SECONDS", "MEGABYTES", "RUNS"].contains($0) }, usage.contains("case ...")
        )
    }

    /// The usage of the program `command` runs: tally-bench's `usage`, or a script's header comment.
    static func usage(of command: String) throws -> String {
        if command.contains("tally-bench") {
            let main = try String(
                contentsOf: root.appendingPathComponent("Benchmarks/Sources/tally-bench/main.swift"), encoding: .utf8)
            // The text between `let usage = """` and the literal's closing `"""`.
            return main.components(separatedBy: "let usage = \"\"\"").dropFirst().first?
                .components(separatedBy: "\"\"\"").first ?? ""
        }
        let script = try #require(command.split(separator: " ").first { $0.hasPrefix("Scripts/") }).description
        let text = try String(contentsOf: root.appendingPathComponent(script), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("#") && $0.contains(script) }.joined(separator: "\n")
    }

    @Test func everyBenchmarkLineWorksWhenPasted() throws {
        let documents =
            [Self.root.appendingPathComponent("README.md")]
            + (try FileManager.default.contentsOfDirectory(
                at: Self.root.appendingPathComponent("Sources/Tally/Tally.docc"), includingPropertiesForKeys: nil))
        var checked = 0
        for document in documents where document.pathExtension == "md" {
            for command in Self.benchmarkCommands(in: try String(contentsOf: document, encoding: .utf8)) {
                checked += 1
                let place = "\(document.lastPathComponent): \(command)"
                #expect(!command.contains("[") && !command.contains("<"), "a placeholder cannot be pasted: \(place)")
                let words = command.split(separator: " ").map(String.init)
                let arguments: [String]
                if let bench = words.firstIndex(where: { $0.hasSuffix("tally-bench") }) {
                    #expect(
                        command.hasPrefix("swift run -c release --package-path Benchmarks tally-bench")
                            || command.hasPrefix("Benchmarks/.build/release/tally-bench"),
                        "tally-bench as the README builds it: \(place)")
                    arguments = Array(words[(bench + 1)...])
                } else {
                    let script = try #require(words.firstIndex { $0.hasPrefix("Scripts/") })
                    #expect(
                        FileManager.default.isExecutableFile(
                            atPath: Self.root.appendingPathComponent(words[script]).path),
                        "\(words[script]) runs: \(place)")
                    arguments = Array(words[(script + 1)...])
                }
                let usage = Self.accepted(byUsage: try Self.usage(of: command))
                for argument in arguments {
                    let fits =
                        usage.words.contains(argument) || (usage.number && Int(argument) != nil)
                        || (usage.names && !argument.hasPrefix("-"))
                    #expect(fits, "its usage does not accept '\(argument)': \(place)")
                }
            }
        }
        #expect(checked >= 8, "the README and the articles name the benchmarks (\(checked) lines checked)")
    }
}
