import Testing

@testable import TallyCommandLine

/// The Swift lexer `tally mutate` reads engines with: code is told from comments, strings and `#if` lines.
@Suite struct MutationLexerTests {
    static func texts(_ source: String) throws -> [String] {
        try SwiftLexer.tokens(of: source).map(\.text)
    }

    @Test func tokensCarryLineColumnAndKind() throws {
        let tokens = try SwiftLexer.tokens(of: "let x = a + 1 // a + comment\n  if x >= 10_000 { f() }")
        #expect(
            tokens.map(\.text) == ["let", "x", "=", "a", "+", "1", "if", "x", ">=", "10_000", "{", "f", "(", ")", "}"])
        let plus = try #require(tokens.first { $0.text == "+" })
        #expect((plus.line, plus.column, plus.kind) == (1, 11, .operator))
        let limit = try #require(tokens.first { $0.text == "10_000" })
        #expect((limit.line, limit.column, limit.kind) == (2, 11, .integer))
        #expect(tokens.first { $0.text == "if" }?.newlineBefore == true)
        #expect(tokens.first { $0.text == "let" }?.kind == .keyword)
    }

    @Test func nestedBlockCommentsAreSkippedWhole() throws {
        #expect(try Self.texts("a /* one /* two + */ still - comment */ b") == ["a", "b"])
        #expect(try Self.texts("/**\n * Doc < comment\n */\nx") == ["x"])
    }

    @Test func stringsOfEveryFormAreOneToken() throws {
        let source = ##"""
            let a = "x + y \" < z"
            let b = """
                inside < multi + line "quoted"
                """
            let c = #"raw " + \(notInterpolated)"#
            let d = #"raw \#(value + 1) done"#
            let e = "\(f("a)")) + \(g(x, "y\(z - 1)"))"
            let r = #/a+b/#
            """##
        let tokens = try SwiftLexer.tokens(of: source)
        let strings = tokens.filter { $0.kind == .string }.map(\.text)
        #expect(strings.count == 6)
        #expect(strings[0] == #""x + y \" < z""#)
        #expect(strings[2] == ##"#"raw " + \(notInterpolated)"#"##)
        #expect(strings[4] == #""\(f("a)")) + \(g(x, "y\(z - 1)"))""#)
        #expect(
            tokens.filter { $0.kind == .operator }.allSatisfy { $0.text == "=" },
            "every other operator of the source is inside a string")
        #expect(tokens.last?.line == 8)
    }

    @Test func conditionalCompilationLinesAreDirectivesAndTheirBlocksAreMarked() throws {
        let tokens = try SwiftLexer.tokens(of: "a\n#if DEBUG && os(Linux) // note\nb + c\n#else\nd\n#endif\ne")
        #expect(
            tokens.map(\.text) == ["a", "#if DEBUG && os(Linux) // note", "b", "+", "c", "#else", "d", "#endif", "e"])
        #expect(tokens.map(\.insideConditionalCompilation) == [false, true, true, true, true, true, true, true, false])
        #expect(
            try SwiftLexer.tokens(of: "x = #file + #line").map(\.kind) == [
                .identifier, .operator, .pound, .operator, .pound,
            ])
    }

    @Test func operatorsFollowSwiftsWhitespaceRule() throws {
        let tokens = try SwiftLexer.tokens(
            of: "a != b && !ready || x?.y == z! ; p ?? q ; 0..<n ; 1...9 ; f() -> T ; (-1)")
        #expect(
            tokens.map(\.text) == [
                "a", "!=", "b", "&&", "!", "ready", "||", "x", "?", ".", "y", "==", "z", "!", ";", "p", "??", "q", ";",
                "0", "..<", "n", ";", "1", "...", "9", ";", "f", "(", ")", "->", "T", ";", "(", "-", "1", ")",
            ])
        func token(_ text: String, _ occurrence: Int = 0) -> SwiftToken {
            tokens.filter { $0.text == text }[occurrence]
        }
        #expect(token("!=").isBinaryOperator && token("&&").isBinaryOperator && token("==").isBinaryOperator)
        #expect(token("!", 0).isPrefixOperator && !token("!", 1).isPrefixOperator && !token("!", 1).isBinaryOperator)
        #expect(!token("?").isBinaryOperator)
        #expect(token("-").isPrefixOperator)
        #expect(token("..<").isBinaryOperator && token("->").kind == .punctuation)
    }

    @Test func numbersTupleIndexesAndRanges() throws {
        let tokens = try SwiftLexer.tokens(of: "1_000 0xFF 1.5 2e3 t.0.1 1...9999 x.count")
        #expect(
            tokens.map(\.text) == [
                "1_000", "0xFF", "1.5", "2e3", "t", ".", "0", ".", "1", "1", "...", "9999", "x", ".", "count",
            ])
        #expect(
            tokens.map(\.kind) == [
                .integer, .integer, .float, .float, .identifier, .punctuation, .integer, .punctuation, .integer,
                .integer, .operator, .integer, .identifier, .punctuation, .identifier,
            ])
    }

    @Test func unterminatedConstructsNameWhereTheyBegan() {
        #expect(throws: SwiftLexer.Failure(line: 2, column: 9, message: "unterminated string literal")) {
            try SwiftLexer.tokens(of: "let a = 1\nlet b = \"open\nlet c = 2")
        }
        #expect(throws: SwiftLexer.Failure(line: 1, column: 3, message: "unterminated /* comment")) {
            try SwiftLexer.tokens(of: "a /* one /* two */ three")
        }
        #expect(throws: SwiftLexer.Failure(line: 1, column: 1, message: "unterminated multi-line string literal")) {
            try SwiftLexer.tokens(of: "\"\"\"\nnever closed\n")
        }
    }
}
