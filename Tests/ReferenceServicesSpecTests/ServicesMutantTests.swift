import ReferenceServicesSpec
import Tally
import Testing

/// Each planted services bug is caught by its property under the default budget (100 cases, the
/// property's own seed) and shrinks to the case asserted here.
@Suite struct ServicesMutantTests {
    /// A planted bug, the property that must catch it, and what it must shrink to.
    struct PlantedBug: Sendable, CustomTestStringConvertible {
        var name: String, services: ReferenceServicesSpec.Services, property: String, shrunk: String, failure: String
        var testDescription: String { "\(name), caught by \(property)" }
    }

    static let plantedBugs = [
        PlantedBug(
            name: "a robot per head", services: ServicesMutants.robotPerHead,
            property: "robots: one per head and body pair",
            shrunk: #"RobotParts(heads: ["a", "a"], bodies: ["a"])"#, failure: "number of robots: got 2, expected 1"),
        PlantedBug(
            name: "storage ignored", services: ServicesMutants.storageIgnored,
            property: "robots: a second call answers from storage",
            shrunk: #"RobotParts(heads: ["a"], bodies: ["a"])"#,
            failure: "API calls (an empty storage asks again): got 2, expected 1"),
        PlantedBug(
            name: "decoding shown as connection", services: ServicesMutants.decodingShownAsConnection,
            property: "to-dos: every error maps to its message",
            shrunk: ".decodingError",
            failure: #"the message shown: got "Your to-dos could not be loaded. "#
                + #"Check your connection and try again.""#),
        PlantedBug(
            name: "to-dos not grouped", services: ServicesMutants.notGrouped,
            property: "to-dos: a load shows every to-do, open first, each group by id",
            shrunk: "[(0, true), (0, false)]", failure: "open to-dos first, then completed ones"),
    ]

    @Test(arguments: plantedBugs)
    func caughtAndShrunk(_ bug: PlantedBug) async throws {
        let property = try #require(
            ReferenceServicesSpec.properties(for: bug.services).first { $0.id == bug.property },
            "no property named \(bug.property)")
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let example = try #require(
            await property.check(configuration).counterexample, "\(bug.property) did not catch \(bug.name)")
        #expect(example.value == bug.shrunk)
        #expect(example.failure.hasPrefix(bug.failure), "\(example.failure)")
    }
}
