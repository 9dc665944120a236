import Testing

/// The command a failure report prints to replay its counterexample, which must work when pasted
/// verbatim at the package root.
///
/// ```swift
/// ReplayLine.tallyReplay.command(for: token)              // swift run tally replay 8a011ca5.AQEBZABMO7M
/// ReplayLine.swiftTest(filter: "Specs.claims").command(for: token)
/// // TALLY_REPLAY=8a011ca5.AQEBZABMO7M swift test --filter Specs.claims
/// ```
public struct ReplayLine: Sendable {
    private let render: @Sendable (ReplayToken) -> String

    /// A line that `render` makes from a token.
    public init(_ render: @escaping @Sendable (ReplayToken) -> String) {
        self.render = render
    }

    /// The command that replays `token`.
    public func command(for token: ReplayToken) -> String { render(token) }

    /// `swift run tally replay <token>`: the command-line tool finds the property by the token.
    public static let tallyReplay = swiftRun("tally")

    /// `swift run <tool> replay <token>`, for a package's own command-line tool built on Tally's.
    public static func swiftRun(_ tool: String) -> ReplayLine {
        ReplayLine { "swift run \(shellQuoted(tool)) replay \($0)" }
    }

    /// `TALLY_REPLAY=<token> swift test --filter <filter>`: the test runs, and of its properties only
    /// the one that owns the token.
    public static func swiftTest(filter: String) -> ReplayLine {
        ReplayLine { "TALLY_REPLAY=\($0) swift test --filter \(shellQuoted(filter))" }
    }

    /// The `swift test --filter` value that selects `test` (and tests whose names start the same):
    /// `Module.Suite/function`, a regular expression. A parameterized test is selected whole.
    public static func swiftTestFilter(for test: Test) -> String {
        let id = test.id.description
        guard let parenthesis = id.firstIndex(of: "(") else { return escapedForRegex(test.name) }
        return escapedForRegex(String(id[..<parenthesis]))
    }

    /// The `--filter` value that selects exactly the test `testID` (a `Test.ID` description): how a
    /// child process runs one test of a test binary.
    package static func swiftTestFilter(exactly testID: String) -> String {
        "^" + escapedForRegex(testID) + "$"
    }

    /// `text` with regular-expression operators escaped; `.` is kept, since it also matches itself.
    package static func escapedForRegex(_ text: String) -> String {
        String(text.flatMap { "\\^$|?*+()[]{}".contains($0) ? ["\\", $0] : [$0] })
    }
}

/// `text` as one shell word: unchanged when it holds only safe characters, otherwise single-quoted.
package func shellQuoted(_ text: String) -> String {
    let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._/-:=@%+,".contains($0)) }
    if safe, !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
