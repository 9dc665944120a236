import Foundation

/// The manifest of the scratch copy under `.tally/mutate/package`: SwiftPM reads a local dependency's
/// `path:` relative to the manifest, so each such path is made absolute against the package root and
/// nothing else changes (the tools version, traits and names stay as written). A `path:` that is not a
/// plain string literal is refused with its line, rather than built against the wrong folder.
enum ScratchManifest {
    /// The manifests a package may have: `Package.swift` and its version-specific variants
    /// (`Package@swift-6.0.swift`), which SwiftPM prefers when they match its version.
    static func isManifest(_ fileName: String) -> Bool {
        fileName == "Package.swift" || fileName.hasPrefix("Package@swift-") && fileName.hasSuffix(".swift")
    }

    /// `manifest` (the text of `fileName` at `root`) with the relative `path:` of every
    /// `.package(…)` made absolute against `root`.
    static func rewrite(_ manifest: String, fileName: String, root: String) throws -> String {
        let tokens: [SwiftToken]
        do {
            tokens = try SwiftLexer.tokens(of: manifest)
        } catch {
            throw MutationError(
                "\(fileName):\(error.line):\(error.column): \(error.message); tally mutate cannot read this manifest")
        }
        var replacements: [(range: Range<Int>, text: String)] = []
        for index in tokens.indices.dropLast(2)
        where tokens[index].is(".") && tokens[index + 1].kind == .identifier && tokens[index + 1].text == "package"
            && tokens[index + 2].is("(")
        {
            guard let value = pathArgument(in: tokens, openingAt: index + 2) else { continue }
            guard let literal = plainLiteral(value, in: tokens) else {
                let token = tokens[value.lowerBound]
                throw MutationError(
                    """
                    \(fileName):\(token.line):\(token.column): tally mutate builds a copy of this package \
                    under .tally/mutate/package \
                    and must make this dependency's path absolute there, \
                    but it is not a plain string literal; write it as one \
                    (such as path: "../Shared")
                    """)
            }
            guard !literal.hasPrefix("/") else { continue }
            let absolute = ((root as NSString).appendingPathComponent(literal) as NSString).standardizingPath
            replacements.append(
                (tokens[value.lowerBound].range, "\"" + absolute.replacingOccurrences(of: "\"", with: "\\\"") + "\""))
        }
        var bytes = Array(manifest.utf8)
        for replacement in replacements.reversed() {
            bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The token range of the value of the `path:` argument of the call whose `(` is at `open`.
    private static func pathArgument(in tokens: [SwiftToken], openingAt open: Int) -> Range<Int>? {
        var depth = 0, index = open, start: Int?
        while index < tokens.count {
            let token = tokens[index]
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            if depth == 0 || depth == 1 && token.is(",") {
                if let start { return start..<index }
                if depth == 0 { return nil }
            }
            if depth == 1, start == nil, token.kind == .identifier, token.text == "path", index + 1 < tokens.count,
                tokens[index + 1].is(":"),
                tokens[index - 1].is("(") || tokens[index - 1].is(",")
            {
                start = index + 2
            }
            index += 1
        }
        return nil
    }

    /// The text of `value` when it is one string literal with no escape or interpolation.
    private static func plainLiteral(_ value: Range<Int>, in tokens: [SwiftToken]) -> String? {
        guard value.count == 1, tokens[value.lowerBound].kind == .string else { return nil }
        let text = tokens[value.lowerBound].text
        guard text.count >= 2, text.hasPrefix("\""), !text.hasPrefix("\"\"\""), !text.contains("\\") else { return nil }
        return String(text.dropFirst().dropLast())
    }
}
