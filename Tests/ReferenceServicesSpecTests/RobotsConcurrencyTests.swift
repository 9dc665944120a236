import ReferenceServices
import ReferenceServicesSpec
import Tally
import Testing

/// Concurrent callers of the robots service: the story's version assembles twice when two callers find
/// storage empty at once; the service now shares one assembly.
@Suite struct RobotsConcurrencyTests {
    /// The robots service as the story wrote it: look in storage, else assemble, store and fetch.
    static let storyVersion: @Sendable (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot] = {
        api, storage in
        {
            let stored = try await storage.fetch()
            guard stored.isEmpty else { return stored }
            let parts = try await api.fetchParts()
            try await storage.store(zip(parts.heads, parts.bodies).map { Robot(head: $0, body: $1) })
            return try await storage.fetch()
        }
    }

    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    @Test func theStorysVersionAssemblesTwiceForTwoCallersAtOnce() async throws {
        let result = await RobotsConcurrency.machine(Self.storyVersion).property.check(Self.configuration)
        let example = try #require(result.counterexample, "two callers at once were not caught assembling twice")
        // Both callers call before either hears back, and a second assembly's robots reach one of them:
        // which one follows from the schedule the search met first.
        #expect(example.value.hasPrefix("start: stored nothing, 0 API calls\nthen at once:"), "\(example.value)")
        let steps = example.value.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(steps.prefix(2).allSatisfy { $0.contains("▶ robots(())") }, "\(example.value)")
        #expect(steps.count == 4 && steps.contains { $0.contains("◀ [head2-body2]") }, "\(example.value)")
        #expect(example.failure.contains("the model expects [head1-body1]"), "\(example.failure)")
    }
}
