import Foundation
import Testing

@testable import Tally

@Suite struct PrettyDescriptionTests {
    struct Visit { var allowed: Int; var category: Category; var note: String? }
    enum Category { case primaryCare, specialist }
    indirect enum Tree { case leaf(Int), node(Tree, Tree) }

    @Test func structsEnumsAndCollectionsAreSpelledOut() {
        #expect(
            prettyDescription(of: Visit(allowed: 100, category: .specialist, note: nil))
                == "Visit(allowed: 100, category: .specialist, note: nil)")
        #expect(
            prettyDescription(of: Visit(allowed: 1, category: .primaryCare, note: "x"))
                == "Visit(allowed: 1, category: .primaryCare, note: \"x\")")
        #expect(prettyDescription(of: [1, 2]) == "[1, 2]")
        #expect(prettyDescription(of: ["a"]) == "[\"a\"]")
        #expect(prettyDescription(of: (1, "b")) == "(1, \"b\")")
        #expect(prettyDescription(of: Tree.node(.leaf(1), .leaf(2))) == ".node(.leaf(1), .leaf(2))")
        #expect(prettyDescription(of: [String: Int]()) == "[:]")
    }

    @Test func datesShowTheExpressionThatMakesThemToTheLastFraction() {
        #expect(
            prettyDescription(of: Date(timeIntervalSinceReferenceDate: 1.001))
                == "2001-01-01 00:00:01 +0000 (Date(timeIntervalSinceReferenceDate: 1.001))")
        #expect(
            prettyDescription(of: Date(timeIntervalSinceReferenceDate: -63_145_699_201))
                == "Date(timeIntervalSinceReferenceDate: -63145699201.0)")
    }

    @Test func textWhoseScalarsDoNotShowIsWrittenInEscapes() {
        #expect(prettyDescription(of: "\u{AC00}\u{11A8}") == #""\u{AC00}\u{11A8}""#, "가 + ᆨ, which renders as 각")
        #expect(prettyDescription(of: "\u{FEFF}a\"") == #""\u{FEFF}a\"""#)
        #expect(prettyDescription(of: Character("e\u{301}")) == #""e\u{301}""#)
        #expect(prettyDescription(of: "À\n") == #""À\n""#, "visible scalars print as themselves")
        #expect(prettyDescription(of: "\u{AC01}") == #""각""#)
    }

    @Test func longValuesWrapOntoIndentedLines() {
        let visits = Array(repeating: Visit(allowed: 123_456, category: .specialist, note: "a long note"), count: 2)
        #expect(
            prettyDescription(of: visits, width: 80) == """
                [
                  Visit(allowed: 123456, category: .specialist, note: "a long note"),
                  Visit(allowed: 123456, category: .specialist, note: "a long note")
                ]
                """)
    }

    struct Plan: CustomStringConvertible {
        var description: String { "plan 2026\nin network: deductible $500.00" }
    }

    @Test func aDescriptionOfSeveralLinesKeepsItsIndentationInsideATuple() {
        #expect(
            prettyDescription(of: (Plan(), [1, 2]), width: 20) == """
                (
                  plan 2026
                  in network: deductible $500.00,
                  [1, 2]
                )
                """)
    }
}
