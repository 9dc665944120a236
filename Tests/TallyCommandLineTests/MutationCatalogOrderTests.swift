import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The order operators: adjacent statements swapped, and sorts reversed or dropped. Their schemata
/// compile — compiled here with `swiftc`, as the scratch build compiles them — and each mutant does
/// what its line says.
@Suite struct MutationCatalogOrderTests {
    static let source = """
        struct Ledger {
            var entries: [Int] = []
            var total = 0
            mutating func post(_ amount: Int) {
                let doubled = amount * 2
                entries.append(doubled)
                total += doubled
                print(total)
            }
            func ordered() -> [Int] {
                entries.sorted(by: { $0 < $1 })
            }
        }

        var ledger = Ledger()
        for amount in [3, 1, 2] { ledger.post(amount) }
        print(ledger.ordered())

        """

    @Test func swapsAndSortsAreFoundButDeclarationsAndIndependentStatementsNeverMove() throws {
        let mutants = try MutationCatalogTests.mutants(Self.source).filter {
            $0.contains("swapped") || $0.contains("sort order")
        }
        #expect(
            mutants == [
                "11:17 sort order: entries.sorted(by: { $0 < $1 }) → Array((entries.sorted(by: "
                    + "{ $0 < $1 })).reversed())",
                "11:17 sort order: entries.sorted(by: { $0 < $1 }) → Array(entries)",
                "7:9 swapped statements: total += doubled\n        print(total) → print(total); total += doubled",
            ],
            """
            the let declaration is never swapped (the statements after it use it), \
            nor are the append and the addition, \
            which neither reads what the other writes: that swap could change nothing
            """)
    }

    @Test func theSchemataCompileAndEachMutantDoesWhatItsLineSays() throws {
        let (tokens, sites) = try MutationCatalog.sites(in: Self.source)
        let orderSites = sites.filter { site in
            site.mutants.allSatisfy { $0.kind == .swappedStatements || $0.kind == .sortOrder }
        }
        #expect(orderSites.count == 2)
        try SchemaProbe.run(Self.source, tokens: tokens, sites: orderSites) { run throws in
            #expect(try run(0) == "6\n8\n12\n[2, 4, 6]\n")
            #expect(try run(1) == "0\n6\n8\n[2, 4, 6]\n", "the total printed before it is added to")
            #expect(try run(2) == "6\n8\n12\n[6, 4, 2]\n", "the sort reversed")
            #expect(try run(3) == "6\n8\n12\n[6, 2, 4]\n", "the sort dropped: arrival order")
        }
    }
}
