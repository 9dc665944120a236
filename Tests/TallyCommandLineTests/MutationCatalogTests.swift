import Testing

@testable import TallyCommandLine

/// Where `tally mutate` makes mutants, what it changes, and how the schemata read.
@Suite struct MutationCatalogTests {
    /// `line:column kind: original → replacement` for every mutant of `source`.
    static func mutants(_ source: String) throws -> [String] {
        let (tokens, sites) = try MutationCatalog.sites(in: source)
        let bytes = Array(source.utf8)
        return sites.flatMap { site in
            site.mutants.map { change in
                let anchor = tokens[change.anchor]
                return
                    "\(anchor.line):\(anchor.column) \(change.kind.rawValue): "
                    + "\(String(decoding: bytes[change.replaced], as: UTF8.self)) → \(change.replacement)"
            }
        }.sorted()
    }

    @Test func stringsCommentsAndConditionalCompilationAreNeverMutated() throws {
        let source = ##"""
            // a < b + 1 in a comment
            /* nested /* a == b */ still - a comment */
            /// Doc: `x * 2`
            func f(a: Int, b: Int) {
                let s = "a < b + 1 \(a > b ? "x - 1" : "y && z") \(g(a, "nested \(b * 2)"))"
                let m = """
                    x >= 10 || !y
                    """
                let r = #"a != b \#(c) + 1"#
                #if DEBUG && !os(Linux) || swift(>=5.9)
                let d = a + 1
                #endif
                print(s, m, r)
            }
            """##
        #expect(
            try Self.mutants(source) == [
                "13:11 mixed-up variable: s → m", "13:11 mixed-up variable: s → r", "13:14 mixed-up variable: m → r",
                "13:14 mixed-up variable: m → s", "13:17 mixed-up variable: r → m", "13:17 mixed-up variable: r → s",
                "13:5 removed call: print(s, m, r) → ",
            ],
            """
            every operator and literal but the call's is in a comment, a string, a #if line or a #if block; \
            the strings' names are code
            """
        )
    }

    /// Before, `self.init(…)` was removed like any call: the schema never compiled, and the compiler
    /// named the initializer's closing brace, so `tally mutate` of SwiftCSV stopped with "the scratch
    /// build failed outside any mutant".
    @Test func aDelegatingInitializerCallIsNeverRemoved() throws {
        let source = """
            final class Table {
                let text: String
                init(text: String) { self.text = text }
                convenience init(lines: [String]) {
                    self.init(text: lines.joined())
                }
            }
            """
        #expect(try !Self.mutants(source).contains { $0.contains("removed call") })
    }

    @Test func interpolatedCodeBesideAStringIsStillMutated() throws {
        let source = """
            func f(a: Int) -> Int {
                print("a + 1 = \\(a + 1)")   // the interpolation is part of the string literal
                return a + 1
            }
            """
        #expect(
            try Self.mutants(source) == [
                "2:5 removed call: print(\"a + 1 = \\(a + 1)\") → ",
                "3:12 trivial return: a + 1 → 0",
                "3:14 arithmetic: + → -",
                "3:16 integer literal: 1 → 0",
                "3:16 integer literal: 1 → 2",
            ])
    }

    @Test func everyOperatorOfTheCatalogIsFound() throws {
        let source = """
            struct Account {
                var posted = 0
                var holds: [Int] = []
                mutating func charge(_ amount: Int, limit: Int) -> Bool {
                    guard amount > 0, !holds.isEmpty || posted >= amount else { return false }
                    if amount == limit && posted != 0 {
                        posted -= min(amount, limit)
                    }
                    holds.append(amount * 2)
                    posted = posted / 3
                    return amount < max(posted, limit)
                }
            }
            """
        #expect(
            try Self.mutants(source) == [
                "10:25 arithmetic: / → *",
                "10:27 integer literal: 3 → 0",
                "10:27 integer literal: 3 → 2",
                "10:27 integer literal: 3 → 4",
                "10:9 removed assignment: posted = posted / 3 → ",
                "11:16 mixed-up variable: amount → limit",
                "11:16 trivial return: amount < max(posted, limit) → false",
                "11:16 trivial return: amount < max(posted, limit) → true",
                "11:23 relational boundary: < → <=",
                "11:25 min/max: max → min",
                "11:37 mixed-up variable: limit → amount",
                "2:18 integer literal: 0 → 1",
                "5:15 forced condition: amount > 0 → false",
                "5:15 forced condition: amount > 0 → true",
                "5:15 mixed-up variable: amount → limit",
                "5:22 relational boundary: > → >=",
                "5:24 integer literal: 0 → 1",
                "5:27 dropped clause: !holds.isEmpty ||  → ",
                "5:27 forced condition: !holds.isEmpty || posted >= amount → false",
                "5:27 forced condition: !holds.isEmpty || posted >= amount → true",
                "5:27 logical: ! → ",
                "5:42 logical: || → &&",
                "5:45 dropped clause:  || posted >= amount → ",
                "5:52 relational boundary: >= → >",
                "5:55 mixed-up variable: amount → limit",
                "5:76 trivial return: false → true",
                "6:12 dropped clause: amount == limit &&  → ",
                "6:12 forced condition: amount == limit && posted != 0 → false",
                "6:12 forced condition: amount == limit && posted != 0 → true",
                "6:12 mixed-up variable: amount → limit",
                "6:19 negated comparison: == → !=",
                "6:22 mixed-up variable: limit → amount",
                "6:28 logical: && → ||",
                "6:31 dropped clause:  && posted != 0 → ",
                "6:38 negated comparison: != → ==",
                "6:41 integer literal: 0 → 1",
                "7:13 removed assignment: posted -= min(amount, limit) → ",
                "7:20 arithmetic: -= → +=",
                "7:23 min/max: min → max",
                "7:27 mixed-up variable: amount → limit",
                "7:35 mixed-up variable: limit → amount",
                "9:22 mixed-up variable: amount → limit",
                "9:29 arithmetic: * → /",
                "9:31 integer literal: 2 → 0",
                "9:31 integer literal: 2 → 1",
                "9:31 integer literal: 2 → 3",
                "9:9 removed call: holds.append(amount * 2) → ",
            ])
    }

    @Test func declarationsAttributesAndRequiredStatementsAreLeftAlone() throws {
        let source = """
            enum Code: Int { case a = 1, b = 2 }
            struct Box: Equatable {
                let value: Int
                static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
                @available(macOS 11, *)
                init(value: Int) { self.value = value }
                var doubled: Int { twice(value) }
                func pair() -> (Int, Int) { let t = (value, value); return (t.0, t.1) }
                func name() -> String { let result: String; result = "box"; return result }
            }
            """
        #expect(
            try Self.mutants(source) == [
                "4:51 mixed-up variable: lhs → rhs",
                "4:61 negated comparison: == → !=",
                "4:64 mixed-up variable: rhs → lhs",
                "9:72 trivial return: result → \"\"",
            ])
    }

    @Test func theSchemataKeepTheCodeShapeAndNameEachMutant() throws {
        let source = """
            func f(_ a: Int, _ b: Int, _ log: inout [Int]) -> Bool {
                log.append(a + b * 2)
                if a < b { return !log.isEmpty }
                return false
            }
            """
        let (tokens, sites) = try MutationCatalog.sites(in: source)
        var renderer = SchemaRenderer(source: source, tokens: tokens, sites: sites, firstID: 1)
        #expect(
            renderer.render() == """
                func f(_ a: Int, _ b: Int, _ log: inout [Int]) -> Bool {
                    if _tallyMutant != 1 { log.append(_tallyPick1(2, a, b) +⊘ _tallyPick1(4, b, a) \
                *⊚ _tallyPick3(6, 2, 3, 1, 0)) }
                    if _tallyPick2(9, _tallyPick1(11, a, b) <⊖⊙ _tallyPick1(13, b, a), true, false) \
                { return _tallyPick2(14, !⊗⊕log.isEmpty, true, false) }
                    return _tallyPick1(17, false, true)
                }
                """)
        #expect(renderer.nextID == 18)
        #expect(renderer.operators.map(\.original) == ["+", "*", "<", "!"])
        #expect(
            SchemaSupport.declaration(id: 12, original: "!", mutated: "") == """
                prefix operator !⊖⊙
                prefix func !⊖⊙(value: Bool) -> Bool { _tallyMutant == 12 ? value : !value }
                """)
    }
}
