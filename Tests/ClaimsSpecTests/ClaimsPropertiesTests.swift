import ClaimsSpec
import Tally
import Testing

/// Every invariant of the claims engine, each its own test case, at the default budget.
@Test(arguments: ClaimsSpec.suite.properties)
func claimsProperties(_ property: Property) async {
    await property.verify()
}
