/// One mutant: a single change of an engine's code, where it is and what it does.
struct Mutant: Codable, Hashable, Sendable {
    /// The id the mutant switch selects it by, in this run's build.
    var id: Int
    var target: String
    /// The file, relative to the package root.
    var file: String
    var line: Int
    var column: Int
    var kind: MutationOperator
    /// The code it changes, as written (whitespace runs collapsed).
    var original: String
    /// What that code becomes; empty when it is removed.
    var mutated: String
    /// The source lines it changes, before and after.
    var before: [String]
    var after: [String]

    /// `Sources/Claims/Money.swift:53:46`.
    var location: String { "\(file):\(line):\(column)" }

    /// `` `>=` → `>` ``, `` `takeBack(…)` removed ``.
    var change: String {
        mutated.isEmpty ? "`\(original)` removed" : "`\(original)` → `\(mutated)`"
    }

    /// How the list of equivalent mutants names it: `Sources/Claims/Money.swift:53:46 >= → >`.
    var key: String {
        "\(location) \(Self.short(original)) → \(mutated.isEmpty ? "(removed)" : Self.short(Self.collapsed(mutated)))"
    }

    static func short(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "…"
    }
}

extension Mutant {
    /// The mutant `change` of a site makes in `source` (as UTF-8 bytes), with position and lines.
    init(id: Int, target: String, file: String, token: SwiftToken, change: MutationSite.Change, source: [UInt8]) {
        let lineStart = source[..<change.replaced.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = source[change.replaced.upperBound...].firstIndex(of: UInt8(ascii: "\n")) ?? source.count
        let beforeText = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
        let afterText =
            String(decoding: source[lineStart..<change.replaced.lowerBound], as: UTF8.self) + change.replacement
            + String(decoding: source[change.replaced.upperBound..<lineEnd], as: UTF8.self)
        self.init(
            id: id, target: target, file: file, line: token.line, column: token.column, kind: change.kind,
            original: Self.collapsed(String(decoding: source[change.replaced], as: UTF8.self)),
            mutated: change.replacement,
            before: Self.lines(beforeText), after: Self.lines(afterText))
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Lines without their common indentation and without blank lines.
    static func lines(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        let indent = lines.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }
    }
}
