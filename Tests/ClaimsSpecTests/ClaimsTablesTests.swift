import ClaimsSpec
import TallyTables
import Testing

/// Every row of every table under `Tables/claims/`, each its own test case.
@Test(arguments: RequirementTables.rows(of: [ClaimsSpec.tables]))
func claimsTables(_ row: TableRow) async {
    await row.verify()
}
