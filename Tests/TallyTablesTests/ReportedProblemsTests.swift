import Foundation
import TallyTestSupport
import Testing

@testable import TallyTables

/// One mistake, one failure: a selector that selects nothing fails the first test target that reads
/// it, and every other target of the same `swift test` process says in one line that it was reported.
@Suite struct ReportedProblemsTests {
    static let other = TableSuite("other", tables: [])

    /// The rows of `suite`'s tables under `root` that `environment` selects, asked for in `file`.
    static func rows(_ suite: TableSuite, in root: String, from file: String, _ environment: [String: String])
        -> [TableRow]
    {
        RequirementTables.rows(of: [suite], in: root, filePath: file, environment: environment)
    }

    @Test func theFirstCallFailsAndTheOthersWarnThatItWasReported() {
        withTemporaryFolder { root in
            _ = ToySpec.write("available,charge,approved?,tags\n$5,$1,yes,edge\n", in: root)
            let environment = ["TALLY_TAGS": "nosuch"], toyFile = "/p/Tests/ToyTests/ToyTablesTests.swift"
            let first = Self.rows(ToySpec.chargesOnly, in: root, from: toyFile, environment)
            let second = Self.rows(
                Self.other, in: root, from: "/p/Tests/OtherTests/OtherTablesTests.swift", environment)
            #expect(first.count == 1 && first[0].standsForProblems && !first[0].isAlreadyReported)
            #expect(
                first[0].problems.map(\.message) == [
                    "TALLY_TAGS=nosuch selects no row: no row has the tag \"nosuch\"; tags in use, nearest first: edge"
                ])
            #expect(second.count == 1 && second[0].isAlreadyReported)
            #expect(
                second[0].problems.map(\.message) == [
                    "TALLY_TAGS=nosuch selects no row: already reported as a failure of the tables of "
                        + "toy (ToyTablesTests.swift)"
                ])
            // The first reporter, asked again, fails again: it is the one failure.
            let again = Self.rows(ToySpec.chargesOnly, in: root, from: toyFile, environment)
            #expect(again.count == 1 && !again[0].isAlreadyReported)
        }
    }

    @Test func aProblemOnlyOneTargetHasIsItsFailure() {
        withTemporaryFolder { root in
            _ = ToySpec.write("available,charge,approved?\n$5,$1,yes\n", in: root)
            let environment = ["TALLY_ROWS": "toy/charges.csv:9,nosuch.csv"]
            let toy = Self.rows(ToySpec.chargesOnly, in: root, from: "/p/A.swift", environment)
            let other = Self.rows(Self.other, in: root, from: "/p/B.swift", environment)
            #expect(toy.map(\.isAlreadyReported) == [false])
            #expect(toy[0].problems.count == 2, "the line of its own table, and the table that does not exist")
            #expect(
                other.map(\.isAlreadyReported) == [true],
                "only the table that does not exist concerns it, and was reported")
        }
    }

    /// `TALLY_RWS` may be a selector misspelt: no row runs, and one row fails saying which was meant.
    @Test func aMisspeltVariableIsOneFailureAndRunsNoRow() {
        withTemporaryFolder { root in
            _ = ToySpec.write("available,charge,approved?\n$5,$1,yes\n", in: root)
            let rows = Self.rows(ToySpec.chargesOnly, in: root, from: "/p/A.swift", ["TALLY_RWS": "toy/charges.csv:2"])
            #expect(rows.count == 1 && rows[0].standsForProblems)
            #expect(
                rows[0].problems.map(\.message) == [
                    "TALLY_RWS=\"toy/charges.csv:2\": Tally has no such variable; did you mean TALLY_ROWS?"
                ])
        }
    }

    /// Seen from a `swift test` process running the three table tests of the package: one failure,
    /// two warnings (before, three failures).
    @Test func aTagNoTableHasIsOneFailureAcrossTheTestTargets() async throws {
        let filter =
            "ClaimsSpecTests.claimsTables|CardAuthorizationSpecTests.cardTables|"
            + "ReferenceServicesSpecTests.servicesTables"
        let run = try await runChildTests(filter: filter, environment: ["TALLY_TAGS": "nosuchtag"])
        #expect(run.status == 1)
        #expect(
            run.output.components(separatedBy: "TALLY_TAGS=nosuchtag selects no row: no row has the tag").count == 2,
            "one failure")
        #expect(
            run.output.components(
                separatedBy: "TALLY_TAGS=nosuchtag selects no row: already reported as a failure of the tables of"
            ).count == 3)
        #expect(
            run.output.contains("failed after") && run.output.contains("with 3 issues (including 2 warnings)"),
            "\(run.output)")
    }
}
