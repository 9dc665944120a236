import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// Dropped clauses: each clause of a `&&` or `||` chain left out in turn, with chains read as Swift
/// groups them. The schemata compile — compiled here with `swiftc`, as the scratch build compiles
/// them — and each mutant computes what its line says.
@Suite struct MutationCatalogClausesTests {
    /// `line:column change: the line after` for each dropped clause of `source`, as the report shows them.
    static func drops(_ source: String) throws -> [String] {
        let (tokens, sites) = try MutationCatalog.sites(in: source)
        return sites.flatMap(\.mutants).filter { $0.kind == .droppedClause }.map { change in
            let mutant = Mutant(
                id: 0, target: "T", file: "T.swift", token: tokens[change.anchor], change: change,
                source: Array(source.utf8))
            return "\(mutant.line):\(mutant.column) \(mutant.change): \(mutant.after.joined(separator: " / "))"
        }.sorted()
    }

    @Test func eachClauseOfAChainIsDroppedInTurn() throws {
        let source = """
            func same(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
                a.0 == b.0 && a.1 == b.1 && a.2 == b.2
            }
            """
        #expect(
            try Self.drops(source) == [
                "2:19 `&& a.1 == b.1` removed: a.0 == b.0 && a.2 == b.2",
                "2:33 `&& a.2 == b.2` removed: a.0 == b.0 && a.1 == b.1",
                "2:5 `a.0 == b.0 &&` removed: a.1 == b.1 && a.2 == b.2",
            ])
    }

    @Test func andBindsTighterThanOrAndBracketsMakeAClause() throws {
        let source = """
            func f(_ a: Bool, _ b: Bool, _ c: Bool, _ d: Bool) -> Bool {
                let x = a || b && c
                let y = (a || b) && !c
                return x && y || d
            }
            """
        #expect(
            try Self.drops(source) == [
                "2:13 `a ||` removed: let x = b && c",
                "2:18 `b &&` removed: let x = a || c",
                "2:18 `|| b && c` removed: let x = a",
                "2:23 `&& c` removed: let x = a || b",
                "3:13 `(a || b) &&` removed: let y = !c",
                "3:14 `a ||` removed: let y = (b) && !c",
                "3:19 `|| b` removed: let y = (a) && !c",
                "3:25 `&& !c` removed: let y = (a || b)",
                "4:12 `x && y ||` removed: return d",
                "4:12 `x &&` removed: return y || d",
                "4:17 `&& y` removed: return x || d",
                "4:22 `|| d` removed: return x && y",
            ], "a || b && c is a || (b && c): two chains, each clause of each dropped once; a bracket is one clause")
    }

    @Test func closuresTernariesAssignmentsAndCustomOperatorsBoundAChain() throws {
        let source = """
            infix operator <>
            func <> (lhs: Int, rhs: Int) -> Bool { lhs != rhs }
            func f(_ list: [Int], _ ok: Bool, _ n: Int) -> Int {
                let some = list.filter { $0 > 1 && $0 < n }.isEmpty && ok
                let other = Set<Int>(list).isEmpty || ok ? 1 : 2
                let odd = n <> 1 && ok
                return some && odd ? other : 0
            }
            """
        #expect(
            try Self.drops(source) == [
                "4:16 `list.filter { $0 > 1 && $0 < n }.isEmpty &&` removed: let some = ok",
                "4:30 `$0 > 1 &&` removed: let some = list.filter { $0 < n }.isEmpty && ok",
                "4:40 `&& $0 < n` removed: let some = list.filter { $0 > 1 }.isEmpty && ok",
                "4:60 `&& ok` removed: let some = list.filter { $0 > 1 && $0 < n }.isEmpty",
                "5:17 `Set<Int>(list).isEmpty ||` removed: let other = ok ? 1 : 2",
                "5:43 `|| ok` removed: let other = Set<Int>(list).isEmpty ? 1 : 2",
                "7:12 `some &&` removed: return odd ? other : 0",
                "7:20 `&& odd` removed: return some ? other : 0",
            ],
            """
            the closure's chain is its own; `?` ends a chain; `<>` has no known precedence, \
            so that chain is left alone
            """
        )
    }

    @Test func aChainMaySpanLinesButCommasOfAConditionListEndIt() throws {
        let source = """
            func f(_ a: Int, _ b: Int, _ ready: Bool) -> Bool {
                guard ready, a > 0 && b > 0 else { return false }
                return a == 1
                    && b == 2
            }
            """
        #expect(
            try Self.drops(source) == [
                "2:18 `a > 0 &&` removed: guard ready, b > 0 else { return false }",
                "2:27 `&& b > 0` removed: guard ready, a > 0 else { return false }",
                "3:12 `a == 1 &&` removed: return b == 2",
                "4:12 `&& b == 2` removed: return a == 1",
            ],
            """
            `ready` is a clause of the condition list, not of a chain: \
            forcing it true (a forced condition) already drops it; \
            the chain of two lines is one
            """)
    }

    static let probe = """
        func all(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool { a && b && c }
        func mixed(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool { a || b && c }
        var table = ""
        for a in [false, true] { for b in [false, true] { for c in [false, \
        true] { table += all(a, b, c) ? "1" : "0" } } }
        table += " "
        for a in [false, true] { for b in [false, true] { for c in [false, \
        true] { table += mixed(a, b, c) ? "1" : "0" } } }
        print(table)

        """

    /// The truth tables `probe` prints for `all` and `mixed` computed as `all` and `mixed`.
    static func table(_ all: (Bool, Bool, Bool) -> Bool, _ mixed: (Bool, Bool, Bool) -> Bool) -> String {
        let rows = [false, true].flatMap { a in [false, true].flatMap { b in [false, true].map { c in (a, b, c) } } }
        return rows.map { all($0, $1, $2) ? "1" : "0" }.joined() + " "
            + rows.map { mixed($0, $1, $2) ? "1" : "0" }.joined() + "\n"
    }

    @Test func theSchemataCompileAndEachMutantComputesWhatItsLineSays() throws {
        let (tokens, sites) = try MutationCatalog.sites(in: Self.probe)
        let chainSites = sites.filter { $0.mutants.contains { $0.kind == .droppedClause } }
        #expect(
            chainSites.map(\.mutants.count) == [3, 2, 3, 3],
            "flip, drop right, drop left on each first operator; flip and drop right on the second &&")
        try SchemaProbe.run(Self.probe, tokens: tokens, sites: chainSites) { run throws in
            let mixed = { (a: Bool, b: Bool, c: Bool) in a || b && c }
            let all = { (a: Bool, b: Bool, c: Bool) in a && b && c }
            #expect(try run(0) == Self.table(all, mixed))
            #expect(try run(2) == Self.table({ a, _, c in a && c }, mixed), "b dropped")
            #expect(try run(3) == Self.table({ _, b, c in b && c }, mixed), "a dropped")
            #expect(try run(5) == Self.table({ a, b, _ in a && b }, mixed), "c dropped")
            #expect(try run(7) == Self.table(all, { a, _, _ in a }), "b && c dropped")
            #expect(try run(8) == Self.table(all, { _, b, c in b && c }), "a dropped")
            #expect(try run(10) == Self.table(all, { a, b, _ in a || b }), "c dropped")
            #expect(try run(11) == Self.table(all, { a, _, c in a || c }), "b dropped")
        }
    }
}
