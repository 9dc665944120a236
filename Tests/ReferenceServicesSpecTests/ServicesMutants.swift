import ReferenceServices
import ReferenceServicesSpec

/// The services with planted bugs, each a mistake such code makes; every property of the spec must
/// catch the one planted for it.
enum ServicesMutants {
    static let production = ReferenceServicesSpec.Services.production

    /// Production robots, and to-dos loaded by `loadTodos`.
    static func todos(_ loadTodos: @escaping @Sendable (TodoRepository) async -> TodoListState)
        -> ReferenceServicesSpec.Services
    {
        ReferenceServicesSpec.Services(robots: production.robots, loadTodos: loadTodos)
    }

    /// Production to-dos, and robots assembled by `robots`.
    static func robots(_ robots: @escaping @Sendable (RobotsAPI, RobotsStorage) -> @Sendable () async throws -> [Robot])
        -> ReferenceServicesSpec.Services
    {
        ReferenceServicesSpec.Services(robots: robots, loadTodos: production.loadTodos)
    }

    /// One robot per head, the last body reused when the bodies run out: a crash on unequal lists
    /// "fixed" by padding.
    static let robotPerHead = robots { api, storage in
        {
            let parts = try await api.fetchParts()
            guard let last = parts.bodies.last else { return [] }
            let robots = parts.heads.enumerated().map {
                Robot(head: $0.element, body: $0.offset < parts.bodies.count ? parts.bodies[$0.offset] : last)
            }
            try await storage.store(robots)
            return robots
        }
    }

    /// Assembles from the API on every call, never looking in storage first.
    static let storageIgnored = robots { api, storage in
        {
            let parts = try await api.fetchParts()
            let robots = zip(parts.heads, parts.bodies).map { Robot(head: $0, body: $1) }
            try await storage.store(robots)
            return robots
        }
    }

    /// A decoding failure shown with the connection message: two errors sharing one branch.
    static let decodingShownAsConnection = todos { repository in
        let state = await production.loadTodos(repository)
        guard state.errorMessage == TodoError.decodingError.userMessage else { return state }
        return TodoListState(todos: [], errorMessage: TodoError.dataSourceError.userMessage)
    }

    /// Every to-do by id, open and completed mixed: the grouping forgotten.
    static let notGrouped = todos { repository in
        let todos = (try? await repository.fetchTodos()) ?? []
        return TodoListState(todos: todos.sorted { $0.id < $1.id }, errorMessage: "")
    }
}
