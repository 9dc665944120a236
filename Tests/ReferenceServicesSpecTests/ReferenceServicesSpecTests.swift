import ReferenceServices
import ReferenceServicesSpec
import Tally
import TallyTables
import Testing

@Test(arguments: RequirementTables.rows(of: [ReferenceServicesSpec.tables]))
func servicesTables(_ row: TableRow) async {
    await row.verify()
}

@Test(arguments: ReferenceServicesSpec.suite.properties)
func servicesProperties(_ property: Property) async {
    await property.verify()
}
