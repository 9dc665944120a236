import ReferenceServices
import TallyTables

/// `Tables/services/todos.csv`: what the repository answers, and what the to-do list shows.
enum TodosTable {
    static let errors = ["data source error", "decoding error", "not authorized"]

    static let columns: [TableColumn] = [
        .input("open", .text.optional, required: false),
        .input("done", .text.optional, required: false),
        .input("failure", .oneOf(errors).optional, required: false),
        .output("shown?", .text),
        .output("message?", .text),
    ]

    static let spec = TableSpec("todos", columns: columns, evaluatingAsynchronously: evaluate)

    /// Open and done to-dos are given as ids separated by spaces.
    @Sendable static func evaluate(_ row: TableRowInput) async throws -> [String: CellValue] {
        func todos(_ column: String, done: Bool) throws -> [Todo] {
            (row.isEmpty(column) ? [] : try row.text(column).split(separator: " ")).compactMap { Int($0) }.map {
                Todo(id: $0, title: "task \($0)", isCompleted: done)
            }
        }
        let all = try todos("open", done: false) + todos("done", done: true)
        let failure: TodoError? =
            row.isEmpty("failure")
            ? nil
            : [TodoError.dataSourceError, .decodingError, .notAuthorized][
                errors.firstIndex(of: try row.text("failure"))!]
        let repository = TodoRepository { () async throws(TodoError) -> [Todo] in
            if let failure { throw failure }
            return all
        }
        let state = await GetTodos(repository: repository).execute()
        return [
            "shown?": state.todos.isEmpty
                ? .empty : .text(state.todos.map { "\($0.id)\($0.isCompleted ? "✓" : "")" }.joined(separator: " ")),
            "message?": state.errorMessage.isEmpty ? .empty : .text(state.errorMessage),
        ]
    }
}
