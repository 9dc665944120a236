import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The schemata of comparisons with `nil` and of `+` on strings and arrays compile — compiled here
/// with `swiftc`, as the scratch build compiles them — and each mutant does what its line says.
/// Before, `x != nil` of a non-Equatable optional and `+` of two strings did not compile, and every
/// mutant of the site (and the sites the compiler could not tell apart) was dropped.
@Suite struct SchemaCompileTests {
    static let source = """
        final class Waiter {}

        struct Box {
            var waiter: Waiter?
            var count: Int?
            func waiting() -> Bool { waiter != nil }
            func idle() -> Bool { nil == waiter }
            func counted() -> Bool { count == nil }
            func label(_ name: String, _ suffix: String) -> String { name + suffix }
            func joined(_ list: [Int]) -> [Int] { list + list }
            func sum(_ a: Int, _ b: Int) -> Int { a + b }
        }

        let box = Box(waiter: Waiter(), count: nil)
        print(box.waiting(), box.idle(), box.counted(), box.label("a", "b"), box.joined([1]), box.sum(2, 3))

        """

    @Test func comparisonsWithNilAndJoinedStringsCompileAndMutate() throws {
        let (tokens, sites) = try MutationCatalog.sites(in: Self.source)
        let operatorSites = sites.filter { if case .operatorToken = $0.form { true } else { false } }
        try SchemaProbe.run(
            Self.source, tokens: tokens, sites: operatorSites,
            renderer: { renderer in
                #expect(renderer.operators.map(\.original) == ["!=", "==", "==", "+", "+", "+"])
            }
        ) { run throws in
            #expect(try run(0) == "true false true ab [1, 1] 5\n")
            // The mutants in order: != → ==, == → !=, == → !=, then + → - on a string, an array, an integer.
            #expect(try run(1) == "false false true ab [1, 1] 5\n")
            #expect(try run(2) == "true true true ab [1, 1] 5\n")
            #expect(try run(3) == "true false false ab [1, 1] 5\n")
            #expect(try run(4) == "true false true a [1, 1] 5\n", "a string loses what + appends")
            #expect(try run(5) == "true false true ab [1] 5\n", "an array loses what + appends")
            #expect(try run(6) == "true false true ab [1, 1] -1\n")
        }
    }
}
