import Foundation
import Tally
import TallyTestSupport
import Testing

/// A person's selectors select *their* tests: `TALLY_ROWS=claims/visits.csv:14 swift test` (as the
/// README says) runs that row and leaves alone the `tally` processes Tally's own tests start. Before,
/// those processes inherited the variable: 21 unrelated failures.
@Suite struct HermeticTests {
    /// A test that starts `tally` three times in a package of its own, beside the tests the selector selects.
    static let startsTally = "PackageRootTests/theToolFindsTheTablesFromASubfolder"

    @Test(arguments: [
        (
            ["TALLY_ROWS": "claims/visits.csv:14"], "ClaimsSpecTests.claimsTables",
            "claimsTables(_:) with 1 test case passed"
        ),
        (["TALLY_TAGS": "copay"], "ClaimsSpecTests.claimsTables", "✔ Test claimsTables(_:) with "),
        (
            ["TALLY_PROPERTY": "claims/insurer plus patient equals allowed"], "ClaimsSpecTests.claimsProperties",
            "ran 1 property and skipped"
        ),
        (
            [
                "TALLY_REPLAY": ReplayToken(
                    propertyID: "insurer plus patient equals allowed", randomStart: RandomSource(seed: 1)
                ).description
            ],
            "ClaimsSpecTests.claimsProperties", "ran 1 property and skipped"
        ),
    ])
    func aUsersSelectorReachesOnlyTheirOwnTests(environment: [String: String], selected: String, ran: String)
        async throws
    {
        let run = try await runChildTests(filter: "\(Self.startsTally)|\(selected)", environment: environment)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("theToolFindsTheTablesFromASubfolder() passed"), "\(run.output)")
        #expect(run.output.contains(ran), "\(run.output)")
    }
}
