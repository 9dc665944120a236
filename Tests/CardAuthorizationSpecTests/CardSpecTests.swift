import CardAuthorizationSpec
import Tally
import TallyTables
import Testing

/// Every row of every table under `Tables/card-authorization/`, each its own test case.
@Test(arguments: RequirementTables.rows(of: [CardAuthorizationSpec.tables]))
func cardTables(_ row: TableRow) async {
    await row.verify()
}

/// The card account state machine against the live engine.
@Test(arguments: CardAuthorizationSpec.suite.properties)
func cardProperties(_ property: Property) async {
    await property.verify()
}
