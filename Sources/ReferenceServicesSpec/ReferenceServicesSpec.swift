import ReferenceServices
import Synchronization
import Tally
import TallyTables

/// The executable requirements of the reference stories' services: robots assembly and "get to-dos".
public enum ReferenceServicesSpec {
    static let names = Gen.string(of: .alphanumeric, length: 1...6)
    static let parts = Gen.zip(names.array(length: 0...8), names.array(length: 0...8)).map {
        RobotParts(heads: $0, bodies: $1)
    }

    /// Counts calls to an API, for "the second call answers from storage".
    public final class CallCounter: Sendable {
        private let count = Mutex(0)
        /// A counter at zero.
        public init() {}
        /// Counts one call.
        public func increment() { count.withLock { $0 += 1 } }
        /// The calls counted.
        public var value: Int { count.withLock { $0 } }
    }

    /// The services as the properties call them: the production ones, or ones with a planted bug (the spec's
    /// tests), as the claims spec takes an engine.
    public struct Services: Sendable {
        /// A robots service over an API and a storage, as its `robots()` operation.
        public var robots: @Sendable (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot]
        /// The "get to-dos" use case over a repository.
        public var loadTodos: @Sendable (TodoRepository) async -> TodoListState

        /// Services from their two operations.
        public init(
            robots: @escaping @Sendable (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot],
            loadTodos: @escaping @Sendable (TodoRepository) async -> TodoListState
        ) {
            self.robots = robots
            self.loadTodos = loadTodos
        }

        /// `RobotsService` and `GetTodos`.
        public static let production = Services(
            robots: { api, storage in
                let service = RobotsService(api: api, storage: storage)
                return { try await service.robots() }
            },
            loadTodos: { await GetTodos(repository: $0).execute() })
    }

    /// The services' properties, run against `services`.
    public static func properties(for services: Services = .production) -> [Property] {
        [robotCount(services), secondCallFromStorage(services), errorsMapToMessages(services), loadedTodos(services)]
    }

    /// The number of robots is the smaller of the number of heads and bodies, each head paired with the body at its
    /// position.
    static func robotCount(_ services: Services) -> Property {
        Property("robots: one per head and body pair", parts) { (parts: RobotParts) async throws in
            let robots = try await services.robots(RobotsAPI { parts }, .inMemory())()
            try ensureEqual(robots.count, min(parts.heads.count, parts.bodies.count), "number of robots")
            try ensureEqual(robots.map(\.head), Array(parts.heads.prefix(robots.count)), "heads in order")
            try ensureEqual(robots.map(\.body), Array(parts.bodies.prefix(robots.count)), "bodies in order")
        }
    }

    /// Once robots are stored, a second call answers from storage without calling the API.
    static func secondCallFromStorage(_ services: Services) -> Property {
        Property("robots: a second call answers from storage", parts) { (parts: RobotParts) async throws in
            let calls = CallCounter()
            let robots = services.robots(
                RobotsAPI {
                    calls.increment(); return parts
                }, .inMemory())
            let first = try await robots()
            let second = try await robots()
            try ensureEqual(second, first, "the second answer")
            try ensureEqual(calls.value, first.isEmpty ? 2 : 1, "API calls (an empty storage asks again)")
        }
    }

    /// Every error maps to its own, non-empty message, and a failed load shows no to-dos.
    static func errorsMapToMessages(_ services: Services) -> Property {
        Property("to-dos: every error maps to its message", Gen<TodoError>.anyCase) { (error: TodoError) async throws in
            let state = await services.loadTodos(TodoRepository { () async throws(TodoError) -> [Todo] in throw error })
            try ensureEqual(state.errorMessage, error.userMessage, "the message shown")
            try ensure(!state.errorMessage.isEmpty, "a failure always says something")
            try ensure(state.todos.isEmpty, "a failed load shows no to-dos")
            let others = TodoError.allCases.filter { $0 != error }.map(\.userMessage)
            try ensure(!others.contains(error.userMessage), "each error has its own message")
        }
    }

    /// A successful load shows every to-do once, open ones first, and no message.
    static func loadedTodos(_ services: Services) -> Property {
        Property(
            "to-dos: a load shows every to-do, open first, each group by id",
            Gen.zip(Gen.int(in: 0...20), Gen.bool).array(length: 0...10)
        ) { (pairs: [(Int, Bool)]) async throws in
            // Ids may repeat (a repository's answer is not checked), so titles tell to-dos sharing an id apart.
            let todos = pairs.enumerated().map {
                Todo(id: $0.element.0, title: "task \($0.offset)", isCompleted: $0.element.1)
            }
            let state = await services.loadTodos(TodoRepository { () async throws(TodoError) -> [Todo] in todos })
            try ensureEqual(state.errorMessage, "", "no message after a successful load")
            func group(completed: Bool) -> [Todo] {
                todos.enumerated().filter { $0.element.isCompleted == completed }
                    .sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }.map(\.element)
            }
            try ensureEqual(
                state.todos, group(completed: false) + group(completed: true),
                "open to-dos first, then completed ones; each group by id, "
                    + "to-dos sharing an id in the repository's order"
            )
        }
    }

    /// The services' properties.
    public static let suite = PropertySuite(
        "services", properties: properties() + [RobotsConcurrency.machine().property])

    /// The table shapes under `Tables/services/`.
    public static let tables = TableSuite("services", tables: [RobotsTable.spec, TodosTable.spec])
}
