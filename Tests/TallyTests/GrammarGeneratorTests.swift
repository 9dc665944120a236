import Testing

@testable import Tally

/// `Gen.grammar(start:depth:rules:)` makes only strings of its grammar, within its depth, replayably, every
/// form in every place, and shrinks a parser's failure to the shortest string that shows it.
@Suite struct GrammarGeneratorTests {
    /// Balanced brackets: a list is up to three bracketed lists. Seven levels hold three nested pairs.
    static let brackets = Gen.grammar(start: "list", depth: 7, rules: bracketRules)
    static let bracketRules: [String: [[GrammarSymbol]]] = [
        "list": [[.repeated("pair", 0...3)]],
        "pair": [["[", .rule("list"), "]"]],
    ]

    /// A subset of RFC 4180: records on lines, fields plain or quoted, a quoted field holding commas,
    /// line breaks and doubled quotes. No rule reaches itself, so there is no depth to give.
    static let csv = Gen.grammar(
        start: "file",
        rules: [
            "file": [[.rule("record"), .repeated("nextRecord", 0...3)]],
            "nextRecord": [["\n", .rule("record")]],
            "record": [[.rule("field"), .repeated("nextField", 0...3)]],
            "nextField": [[",", .rule("field")]],
            "field": [
                [.generated(Gen.string(of: Gen.element(of: Array("ab1 ")), length: 0...3))],
                ["\"", .repeated("quoted", 0...4), "\""],
            ],
            "quoted": [[.generated(Gen.element(of: ["a", ",", "\n", " "]))], ["\"\""]],
        ])

    /// A pair and the list inside it are two levels: `depth` levels hold `(depth - 1) / 2` nested pairs.
    /// Both parities, since a bound off by one level shows only where a list lands on an even level.
    @Test(arguments: [6, 7])
    func everyStringIsBalancedAndWithinItsDepth(depth: Int) {
        let brackets = Gen.grammar(start: "list", depth: depth, rules: Self.bracketRules)
        let strings = samples(brackets).map(\.value)
        #expect(strings.allSatisfy { BracketNest.parse($0) != nil })
        let depths = strings.map { BracketNest.parse($0).map(BracketNest.depth) ?? 0 }
        #expect(depths.max() == (depth - 1) / 2, "the depth bound is reached and never passed")
        #expect(Set(strings).count > 70, "of the 85 strings two pairs deep, and more below seven levels")
    }

    @Test func everyStringIsCSVWithEveryKindOfField() {
        let files = samples(Self.csv).compactMap { CSVReference.parse($0.value) }
        #expect(files.count == 1000, "the reference parser accepts every string")
        let fields = files.joined().joined()
        #expect(fields.contains { $0.contains("\"") } && fields.contains { $0.contains("\n") })
        #expect(fields.contains { $0.contains(",") } && fields.contains { $0.contains("1") })
        #expect(files.contains { $0.count == 4 } && files.contains { $0.contains { $0.count == 4 } })
    }

    /// The deepest place of the grammar, a later field of a later record, holds every kind of field: a
    /// depth counting every rule (as one did) silently kept records after the first to one plain field.
    @Test func aLaterFieldOfALaterRecordHoldsEveryKindOfField() {
        let files = samples(Self.csv).compactMap { CSVReference.parse($0.value) }
        let deepest = files.flatMap { $0.dropFirst() }.flatMap { $0.dropFirst() }
        #expect(deepest.contains { $0.contains("\"") } && deepest.contains { $0.contains("\n") })
        #expect(deepest.contains { $0.contains(",") } && deepest.contains { $0.contains("1") })
    }

    /// A literal may interpolate, as a newcomer writes a rule per element name of an XML grammar.
    @Test func aLiteralMayInterpolate() {
        let name = "note"
        let element = Gen.grammar(start: "element", rules: ["element": [["<\(name)>", "x", "</\(name)>"]]])
        #expect(samples(element).allSatisfy { $0.value == "<note>x</note>" })
    }

    @Test func stringsReplayExactly() {
        #expect(replaysExactly(Self.brackets))
        #expect(replaysExactly(Self.csv))
    }

    /// Sums of sums, the recursive alternative written first.
    static let sums: [String: [[GrammarSymbol]]] = ["sum": [["(", .rule("sum"), "+", .rule("sum"), ")"], ["x"]]]

    /// Two levels: the outer sum may be a sum of two, each of which can only be `x`.
    @Test func pastTheDepthOnlyAlternativesThatEndAreDrawn() {
        let sums = Gen.grammar(start: "sum", depth: 2, rules: Self.sums)
        #expect(Set(samples(sums, count: 50).map(\.value)) == ["x", "(x+x)"])
    }

    /// The recursive alternative is written first; the one that ends sooner is still choice 0.
    @Test func everyStringShrinksToTheShallowestAlternative() async throws {
        let sums = Gen.grammar(start: "sum", depth: 5, rules: Self.sums)
        let property = Property("any sum", sums) { sum in
            if sum.count > 0 { throw PropertyFailure("a sum") }
        }
        let example = try #require(await property.check(Self.configuration(seed: 1)).counterexample)
        #expect(example.value(as: String.self) == "x")
    }

    /// A writer that drops a pair holding only an empty pair: "[[]]" is the shortest string it
    /// mishandles (every failing string holds it), so the exact string is the point.
    @Test(arguments: UInt64(1)...5)
    func aNestedEmptyPairBugShrinksToItsShortestString(seed: UInt64) async throws {
        let property = Property("brackets round trip", Self.brackets) { text in
            let pairs = try #require(BracketNest.parse(text))
            let written = pairs.map { $0.written(collapsingNestedEmpty: true) }.joined()
            if written != text { throw PropertyFailure("wrote \(text) back as \(written)") }
        }
        let example = try #require(await property.check(Self.configuration(seed: seed)).counterexample)
        #expect(example.value(as: String.self) == "[[]]")
        #expect(example.failure.contains("wrote [[]] back as []"))
    }

    /// A parser that ends a quoted field at a doubled quote: `""""`, a quoted field holding one escaped
    /// quote, is the shortest CSV it misreads, so the exact string is the point.
    @Test(arguments: UInt64(1)...5)
    func anEscapedQuoteBugShrinksToItsShortestString(seed: UInt64) async throws {
        let property = Property("csv parse", Self.csv) { text in
            let expected = CSVReference.parse(text), read = CSVReference.parse(text, readsDoubledQuotes: false)
            if read != expected {
                throw PropertyFailure("read \(String(describing: read)), not \(String(describing: expected))")
            }
        }
        let example = try #require(await property.check(Self.configuration(seed: seed)).counterexample)
        #expect(example.value(as: String.self) == "\"\"\"\"")
        #expect(example.failure.contains("read nil, not Optional([[\"\\\"\"]])"))
    }

    @Test func aRuleNoRuleDefinesNamesItselfAndTheCallSite() async throws {
        let site = #line + 1  // the exit test is reported at the line of its #expect
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(start: "list", depth: 3, rules: ["list": [[], ["[", .rule("lsit"), "]"]]])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "TallyTests/GrammarGeneratorTests.swift:\(site): Precondition failed: Gen.grammar: "
                    + "rule 'list' refers to 'lsit', which no rule defines"))
    }

    @Test func aRuleThatNeverEndsNamesItself() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(start: "list", depth: 3, rules: ["list": [["[", .rule("list"), "]"]]])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Precondition failed: Gen.grammar: rule 'list' never ends"))
    }

    @Test func aRuleNeverUsedNamesItself() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(start: "field", rules: ["field": [["a"]], "escaped": [["\"\""]]])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Gen.grammar: rule 'escaped' is never used: no expansion of 'field' reaches it"))
    }

    @Test func aDepthTooSmallForTheStartSaysWhatItNeeds() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let rules: [String: [[GrammarSymbol]]] = [
                    "pair": [["[", .rule("list"), "]"]], "list": [[.rule("pair")], []],
                ]
                _ = Gen.grammar(start: "pair", depth: 1, rules: rules)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Gen.grammar: 'pair' needs a depth of at least 2 to make any string; depth is 1"))
    }

    /// Brackets one level deep make only the empty string: pairs, the grammar's point, would silently
    /// never appear. A pair and the list inside it take two levels more than the outer list.
    @Test func anAlternativeNoStringOfTheDepthHoldsNamesItselfAndTheDepthThatDoes() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(start: "list", depth: 1, rules: Self.bracketRules)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                #"Gen.grammar: at a depth of 1 no string holds alternative 1 of 'pair', "#
                    + #"["[", .rule("list"), "]"]: it needs a depth of 3"#))
    }

    /// Four alternatives lost at once: the message names where the depth cuts first (an alternative of a
    /// rule that is expanded, of those the least depth holds), and the least depth that holds them all.
    @Test func theDepthNamedIsTheLeastThatHoldsTheAlternative() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(
                    start: "value", depth: 2,
                    rules: [
                        "value": [["1"], ["[", .rule("value"), "]"], ["{", .rule("entry"), "}"]],
                        "entry": [[.rule("value"), ":", .rule("value")], [.rule("value"), ":", .rule("deep")]],
                        "deep": [["[", .rule("value"), "]"]],
                    ])
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                #"at a depth of 2 no string holds alternative 3 of 'value', "#
                    + #"["{", .rule("entry"), "}"]: "#
                    + "it needs a depth of 3, and a depth of 4 holds all 4 alternatives a depth of 2 leaves out"))
    }

    @Test func aRecursiveGrammarWithoutADepthNamesItsRecursiveRules() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Gen.grammar(start: "list", rules: Self.bracketRules)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "Gen.grammar: the grammar is recursive ('list', 'pair' can each reach itself): "
                    + "give a depth"))
    }

    @Test func aDepthForAGrammarWithoutRecursionIsAnError() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let rules: [String: [[GrammarSymbol]]] = [
                    "field": [["a"], ["\"", .rule("quoted"), "\""]], "quoted": [[]],
                ]
                _ = Gen.grammar(start: "field", depth: 4, rules: rules)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Gen.grammar: a depth of 4 bounds nothing: no rule can reach itself"))
    }

    static func configuration(seed: UInt64) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.seed = seed
        return configuration
    }
}

/// A pair of brackets and the pairs inside it.
struct BracketNest: Equatable {
    var inside: [BracketNest]

    /// The pairs of `text`, or `nil` when it holds anything but balanced brackets.
    static func parse(_ text: String) -> [BracketNest]? {
        var stack: [[BracketNest]] = [[]]
        for character in text {
            switch character {
            case "[": stack.append([])
            case "]":
                guard stack.count > 1 else { return nil }
                let inside = stack.removeLast()
                stack[stack.count - 1].append(BracketNest(inside: inside))
            default: return nil
            }
        }
        return stack.count == 1 ? stack[0] : nil
    }

    static func depth(_ pairs: [BracketNest]) -> Int {
        pairs.map { 1 + depth($0.inside) }.max() ?? 0
    }

    /// The pair as text; with the planted bug, a pair holding only an empty pair is written as one.
    func written(collapsingNestedEmpty: Bool) -> String {
        if collapsingNestedEmpty, inside == [BracketNest(inside: [])] { return "[]" }
        return "[" + inside.map { $0.written(collapsingNestedEmpty: collapsingNestedEmpty) }.joined() + "]"
    }
}

/// An RFC 4180 reader of records on "\n"-separated lines.
enum CSVReference {
    /// The records of `text`, or `nil` when it is no CSV: a quote inside a plain field, a quoted field
    /// never closed, or text after a closing quote. Without `readsDoubledQuotes` (the planted bug) a
    /// doubled quote closes the field.
    static func parse(_ text: String, readsDoubledQuotes: Bool = true) -> [[String]]? {
        let characters = Array(text)
        var records: [[String]] = [[]]
        var field = "", quoted = false, closed = false, index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            if quoted {
                if character != "\"" {
                    field.append(character)
                } else if readsDoubledQuotes, index < characters.count, characters[index] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    (quoted, closed) = (false, true)
                }
            } else if character == "," || character == "\n" {
                records[records.count - 1].append(field)
                (field, closed) = ("", false)
                if character == "\n" { records.append([]) }
            } else if closed || (character == "\"" && !field.isEmpty) {
                return nil
            } else if character == "\"" {
                quoted = true
            } else {
                field.append(character)
            }
        }
        guard !quoted else { return nil }
        records[records.count - 1].append(field)
        return records
    }
}
