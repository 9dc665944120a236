import Foundation
import Tally
@testable import TallyCommandLine
import TallyTestSupport
import Testing

/// Dropped clauses: each clause of a `&&` or `||` chain left out in turn, with chains read as Swift
/// groups them. The schemata compile — compiled here with `swiftc`, as the scratch build compiles
/// them — and each mutant computes what its line says.
@Suite struct MutationCatalogClausesTests {
    static func drops(_ source: String) throws -> [String] {
        try MutationCatalogTests.mutants(source).filter { $0.contains("dropped clause") }
    }

    @Test func eachClauseOfAChainIsDroppedInTurn() throws {
        let source = """
            func same(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
                a.0 == b.0 && a.1 == b.1 && a.2 == b.2
            }
            """
        #expect(try Self.drops(source) == [
            "2:19 dropped clause: a.0 == b.0 && a.1 == b.1 && a.2 == b.2 → a.0 == b.0 && a.2 == b.2",
            "2:33 dropped clause: a.0 == b.0 && a.1 == b.1 && a.2 == b.2 → a.0 == b.0 && a.1 == b.1",
            "2:5 dropped clause: a.0 == b.0 && a.1 == b.1 && a.2 == b.2 → a.1 == b.1 && a.2 == b.2",
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
        #expect(try Self.drops(source) == [
            "2:13 dropped clause: a || b && c → b && c",
            "2:18 dropped clause: a || b && c → a",
            "2:18 dropped clause: b && c → c",
            "2:23 dropped clause: b && c → b",
            "3:13 dropped clause: (a || b) && !c → !c",
            "3:14 dropped clause: a || b → b",
            "3:19 dropped clause: a || b → a",
            "3:25 dropped clause: (a || b) && !c → (a || b)",
            "4:12 dropped clause: x && y || d → d",
            "4:12 dropped clause: x && y → y",
            "4:17 dropped clause: x && y → x",
            "4:22 dropped clause: x && y || d → x && y",
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
        #expect(try Self.drops(source) == [
            "4:16 dropped clause: list.filter { $0 > 1 && $0 < n }.isEmpty && ok → ok",
            "4:30 dropped clause: $0 > 1 && $0 < n → $0 < n",
            "4:40 dropped clause: $0 > 1 && $0 < n → $0 > 1",
            "4:60 dropped clause: list.filter { $0 > 1 && $0 < n }.isEmpty && ok → list.filter { $0 > 1 && $0 < n }.isEmpty",
            "5:17 dropped clause: Set<Int>(list).isEmpty || ok → ok",
            "5:43 dropped clause: Set<Int>(list).isEmpty || ok → Set<Int>(list).isEmpty",
            "7:12 dropped clause: some && odd → odd",
            "7:20 dropped clause: some && odd → some",
        ], "the closure's chain is its own; `?` ends a chain; `<>` has no known precedence, so that chain is left alone")
    }

    @Test func aChainMaySpanLinesButCommasOfAConditionListEndIt() throws {
        let source = """
            func f(_ a: Int, _ b: Int, _ ready: Bool) -> Bool {
                guard ready, a > 0 && b > 0 else { return false }
                return a == 1
                    && b == 2
            }
            """
        #expect(try Self.drops(source) == [
            "2:18 dropped clause: a > 0 && b > 0 → b > 0",
            "2:27 dropped clause: a > 0 && b > 0 → a > 0",
            "3:12 dropped clause: a == 1\n        && b == 2 → b == 2",
            "4:12 dropped clause: a == 1\n        && b == 2 → a == 1",
        ], """
            `ready` is a clause of the condition list, not of a chain: forcing it true (a forced condition) already drops it; \
            the chain of two lines is one (its mutant is written on one line)
            """)
    }

    static let probe = """
        func all(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool { a && b && c }
        func mixed(_ a: Bool, _ b: Bool, _ c: Bool) -> Bool { a || b && c }
        var table = ""
        for a in [false, true] { for b in [false, true] { for c in [false, true] { table += all(a, b, c) ? "1" : "0" } } }
        table += " "
        for a in [false, true] { for b in [false, true] { for c in [false, true] { table += mixed(a, b, c) ? "1" : "0" } } }
        print(table)

        """

    /// The truth tables `probe` prints for `all` and `mixed` computed as `all` and `mixed`.
    static func table(_ all: (Bool, Bool, Bool) -> Bool, _ mixed: (Bool, Bool, Bool) -> Bool) -> String {
        let rows = [false, true].flatMap { a in [false, true].flatMap { b in [false, true].map { c in (a, b, c) } } }
        return rows.map { all($0, $1, $2) ? "1" : "0" }.joined() + " " + rows.map { mixed($0, $1, $2) ? "1" : "0" }.joined() + "\n"
    }

    @Test func theSchemataCompileAndEachMutantComputesWhatItsLineSays() throws {
        let (tokens, sites) = try MutationCatalog.sites(in: Self.probe)
        let chainSites = sites.filter { $0.mutants.contains { $0.kind == .droppedClause } }
        #expect(chainSites.map(\.mutants.count) == [3, 2, 3, 3], "flip, drop right, drop left on each first operator; flip and drop right on the second &&")
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
