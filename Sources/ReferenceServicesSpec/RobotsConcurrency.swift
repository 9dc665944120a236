import ReferenceServices
import Synchronization
import Tally

/// The robots service under concurrent callers: a caller or two, then two or three callers at once
/// on one storage, under Tally's scheduler. The API and the storage are doubles that suspend like
/// network and disk calls; the API's parts differ on every call (`head1`/`body1`, then `head2`/`body2`),
/// so a second assembly cannot hide.
///
/// Every run must be linearizable against the story's model: the first call assembles from the API and
/// stores, every later call answers from storage. So the API is asked once, and every caller gets the
/// robots storage holds.
public enum RobotsConcurrency {
    /// What the model says after each call.
    public struct Model: Sendable, CustomStringConvertible {
        /// The robots stored.
        public var stored: [Robot] = []
        /// Calls the API has answered.
        public var apiCalls = 0

        /// An empty storage, an API not yet called.
        public init() {}

        /// `stored head1-body1, 1 API call`.
        public var description: String {
            "stored \(stored.isEmpty ? "nothing" : stored.map(\.description).joined(separator: " ")), \(apiCalls) "
                + "API call\(apiCalls == 1 ? "" : "s")"
        }
    }

    /// The service with its doubles.
    public struct System: Sendable {
        /// Asks the service for robots.
        public let robots: @Sendable () async throws -> [Robot]
        /// What storage holds.
        public let stored: @Sendable () async throws -> [Robot]
        /// How many times the API was called.
        public let apiCalls: @Sendable () -> Int

        /// The service `makeService` builds from suspending doubles of the API and the storage.
        public init(_ makeService: (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot]) {
            let calls = Mutex(0)
            let api = RobotsAPI {
                let call = calls.withLock { count in
                    count += 1
                    return count
                }
                await Task.yield()
                return RobotParts(heads: ["head\(call)"], bodies: ["body\(call)"])
            }
            let memory = RobotsStorage.inMemory()
            let storage = RobotsStorage(
                store: { robots in
                    await Task.yield()
                    try await memory.store(robots)
                },
                fetch: {
                    await Task.yield()
                    return try await memory.fetch()
                })
            robots = makeService(api, storage)
            stored = memory.fetch
            apiCalls = { calls.withLock { $0 } }
        }
    }

    /// The concurrent state machine against the service `makeService` builds (the real one by default).
    public static func machine(
        _ makeService: @escaping @Sendable (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot] = {
            api, storage in
            RobotsService(api: api, storage: storage).robots
        }
    ) -> ParallelStateMachine<Model, System> {
        let robots = Command<Model, System>(
            "robots", arguments: { _ in Gen.constant(()) },
            model: { model, _ in
                if model.stored.isEmpty {
                    model.apiCalls += 1
                    model.stored = [Robot(head: "head\(model.apiCalls)", body: "body\(model.apiCalls)")]
                }
                return model.stored
            },
            run: { system, _ in try await system.robots() })
        return StateMachine(
            "robots: callers share one assembly", model: Model(), system: { System(makeService) }, commands: [robots]
        ) { model, system in
            try ensureEqual(try await system.stored(), model.stored, "the robots stored")
            try ensureEqual(system.apiCalls(), model.apiCalls, "API calls")
        }.parallel(clients: 2...3, prefix: 1, commandsPerClient: 2)
    }
}
