import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// The mixed-up variable operator: another name of the same type read in place of one. Its schemata
/// compile — compiled here with `swiftc`, as the scratch build compiles them — and each mutant does
/// what its line says. The traps (shadowing, writes, closures, names set later, values built from
/// the name) make no mutant, so none is left for the compiler to drop.
@Suite struct MutationCatalogVariablesTests {
    static let source = """
        enum Network { case inNetwork, outOfNetwork }
        struct Line {
            let emergency: Bool
            let network: Network
            let allowed: Int
        }
        struct Plan {
            let copay: Int
            func network(for line: Line) -> Network { line.emergency ? .inNetwork : line.network }
        }
        struct Explanation {
            let line: Line
            let network: Network
            let costSharing: Int
        }
        func explain(_ line: Line, under plan: Plan) -> Explanation {
            let network = plan.network(for: line)
            let coinsurance = line.allowed / 5
            let costSharing = plan.copay + coinsurance
            let explanation = Explanation(line: line, network: network, costSharing: costSharing)
            return Explanation(line: line, network: explanation.network, costSharing: explanation.costSharing)
        }
        struct Account {
            var status = "open"
            var holds: [String: Int] = [:]
            mutating func setStatus(_ status: String) {
                if self.status != "closed" { self.status = status }
            }
            mutating func capture(_ requestID: String, hold id: String) -> String {
                holds[id] = 1
                return requestID
            }
        }
        func traps(_ amount: Int?, _ other: Int?, _ total: inout Int, _ names: [String]) -> () -> Int {
            if let amount { total += amount }
            let chosen: Int
            if names.isEmpty { chosen = total } else { chosen = 0 }
            var counter = chosen
            counter += 1
            swap(&total, &counter)
            return { other ?? chosen }
        }

        let line = Line(emergency: true, network: .outOfNetwork, allowed: 100)
        let explained = explain(line, under: Plan(copay: 30))
        var account = Account()
        account.setStatus("frozen")
        print(explained.network, explained.costSharing, account.status, account.capture("r1", \
        hold: "h1"), account.holds)
        var total = 2
        print(traps(1, 4, &total, ["a"])(), total)

        """

    @Test func otherNamesOfTheSameTypeAreReadButNeverWhereTheyCannotBe() throws {
        let mutants = try MutationCatalogTests.mutants(Self.source).filter { $0.contains("mixed-up variable") }
        #expect(
            mutants == [
                "20:56 mixed-up variable: network → line.network",
                "20:78 mixed-up variable: costSharing → coinsurance",
                "27:52 mixed-up variable: status → self.status",
                "30:15 mixed-up variable: id → requestID",
                "31:16 mixed-up variable: requestID → id",
                "38:19 mixed-up variable: chosen → total",
            ],
            """
            `explanation.line` is never offered for `line` (explanation is built from it), nor a name `if let` \
            rebinds, a written name, a constant set later, a var read in a closure, or a name of another type
            """)
    }

    @Test func theSchemataCompileAndEachMutantDoesWhatItsLineSays() throws {
        let (tokens, sites) = try MutationCatalog.sites(in: Self.source)
        let variableSites = sites.filter { site in site.mutants.allSatisfy { $0.kind == .mixedUpVariable } }
        #expect(variableSites.count == 6)
        try SchemaProbe.run(Self.source, tokens: tokens, sites: variableSites) { run throws in
            #expect(try run(0) == "inNetwork 50 frozen r1 [\"h1\": 1]\n4 1\n")
            #expect(
                try run(1) == "outOfNetwork 50 frozen r1 [\"h1\": 1]\n4 1\n",
                "the line's own network, not the one the plan adjudicates in")
            #expect(
                try run(2) == "inNetwork 20 frozen r1 [\"h1\": 1]\n4 1\n", "the coinsurance alone for the cost sharing")
            #expect(try run(3) == "inNetwork 50 open r1 [\"h1\": 1]\n4 1\n", "the status set to itself")
            #expect(try run(4) == "inNetwork 50 frozen r1 [\"r1\": 1]\n4 1\n", "the request id for the hold id")
            #expect(try run(5) == "inNetwork 50 frozen h1 [\"h1\": 1]\n4 1\n", "the hold id for the request id")
            #expect(
                try run(6) == "inNetwork 50 frozen r1 [\"h1\": 1]\n4 4\n",
                "the inout total for the constant chosen from it")
        }
    }
}
