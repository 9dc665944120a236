import ClaimsSpec
import Foundation
import TallyTables
import TallyTestSupport
import Testing

/// A QA person's copy of a table, anywhere, run with `tally tables run --as claims/plan-years COPY.csv`:
/// the plans it names are those of `Tables/claims/plans.csv`. Before, every row failed with "cannot
/// read the plans it names: …/plans.csv: no such file", one message per row.
@Test func aCopyOfAPlanYearTableElsewhereNamesThePlansOfItsSpecsFolder() async throws {
    let original = RequirementTables.tablesDirectory(near: #filePath) + "/claims/plan-years.csv"
    try await withTemporaryFolder { folder in
        let copy = folder + "/copy of plan-years.csv"
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        let table = LoadedTable.load(path: copy, binding: "claims/plan-years", suites: [ClaimsSpec.tables])
        #expect(table.problems.isEmpty, "\(table.problems)")
        var verdicts: [RowResult.Verdict] = []
        for row in table.testRows { verdicts.append(await row.run().verdict) }
        #expect(!verdicts.isEmpty && verdicts.allSatisfy { $0 == .passed }, "\(verdicts)")
    }
}
