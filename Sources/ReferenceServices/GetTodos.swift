/// A to-do item.
public struct Todo: Hashable, Sendable, Identifiable {
    /// Its id.
    public let id: Int
    /// What to do.
    public let title: String
    /// Whether it is done.
    public let isCompleted: Bool

    /// A to-do.
    public init(id: Int, title: String, isCompleted: Bool) {
        self.id = id
        self.title = title
        self.isCompleted = isCompleted
    }
}

/// Why to-dos could not be loaded.
public enum TodoError: Error, Hashable, Sendable, CaseIterable {
    /// The data source failed (disk, network).
    case dataSourceError
    /// The data could not be decoded.
    case decodingError
    /// The user is not signed in.
    case notAuthorized

    /// What the person using the app reads.
    public var userMessage: String {
        switch self {
        case .dataSourceError: "Your to-dos could not be loaded. Check your connection and try again."
        case .decodingError: "Your to-dos could not be read. Please update the app."
        case .notAuthorized: "Sign in to see your to-dos."
        }
    }
}

/// The to-do repository, as a struct of closures.
public struct TodoRepository: Sendable {
    /// Fetches every to-do.
    public var fetchTodos: @Sendable () async throws(TodoError) -> [Todo]

    /// A repository from its one operation.
    public init(fetchTodos: @escaping @Sendable () async throws(TodoError) -> [Todo]) {
        self.fetchTodos = fetchTodos
    }
}

/// What the to-do list shows.
public struct TodoListState: Hashable, Sendable {
    /// The to-dos, open ones first, each group in id order.
    public var todos: [Todo]
    /// The error message, empty when loading worked.
    public var errorMessage: String

    /// A state showing `todos` and `errorMessage`.
    public init(todos: [Todo], errorMessage: String) {
        self.todos = todos
        self.errorMessage = errorMessage
    }
}

/// The "get to-dos" use case: loads the to-dos and turns every failure into a message for the user.
public struct GetTodos: Sendable {
    let repository: TodoRepository

    /// The use case over `repository`.
    public init(repository: TodoRepository) {
        self.repository = repository
    }

    /// The list to show: the to-dos, or no to-dos and the error's message.
    public func execute() async -> TodoListState {
        do {
            let todos = try await repository.fetchTodos()
            let ordered =
                todos.filter { !$0.isCompleted }.sorted { $0.id < $1.id }
                + todos.filter(\.isCompleted).sorted { $0.id < $1.id }
            return TodoListState(todos: ordered, errorMessage: "")
        } catch {
            return TodoListState(todos: [], errorMessage: error.userMessage)
        }
    }
}
