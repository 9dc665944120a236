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

/// A robots service that forgets to look in storage first must fail "a second call answers from storage".
@Test func robotsServiceThatIgnoresStorageIsCaught() async throws {
    let forgetful = Property("forgetful robots service", Gen.int(in: 1...5)) { (count: Int) async throws in
        let calls = ReferenceServicesSpec.CallCounter()
        let api = RobotsAPI { calls.increment(); return RobotParts(heads: Array(repeating: "h", count: count), bodies: ["b"]) }
        let service = RobotsService(api: api, storage: RobotsStorage(store: { _ in }, fetch: { [] }))
        _ = try await service.robots()
        _ = try await service.robots()
        try ensureEqual(calls.value, 1, "API calls")
    }
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    let result = await forgetful.check(configuration)
    let example = try #require(result.counterexample)
    #expect(example.value == "1")
    #expect(example.failure.hasPrefix("API calls: got 2, expected 1"))
}
