import ReferenceServices
import TallyTables

/// `Tables/services/robots.csv`: parts from the API (names separated by spaces) and what is stored.
enum RobotsTable {
    static let columns: [TableColumn] = [
        .input("stored", .text.optional, required: false),
        .input("heads", .text.optional, required: false),
        .input("bodies", .text.optional, required: false),
        .output("robots?", .text),
        .output("api called?", .boolean),
    ]

    static let spec = TableSpec("robots", columns: columns, evaluatingAsynchronously: evaluate)

    @Sendable static func evaluate(_ row: TableRowInput) async throws -> [String: CellValue] {
        func names(_ column: String) throws -> [String] {
            row.isEmpty(column) ? [] : try row.text(column).split(separator: " ").map(String.init)
        }
        let stored = try names("stored").map { name -> Robot in
            let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
            return Robot(head: parts.first ?? "", body: parts.count > 1 ? parts[1] : "")
        }
        let parts = RobotParts(heads: try names("heads"), bodies: try names("bodies"))
        let called = CallFlag()
        let service = RobotsService(
            api: RobotsAPI {
                await called.set(); return parts
            }, storage: .inMemory(stored))
        let robots = try await service.robots()
        return [
            "robots?": robots.isEmpty ? .empty : .text(robots.map(\.description).joined(separator: " ")),
            "api called?": .boolean(await called.value),
        ]
    }
}

actor CallFlag {
    var value = false
    func set() { value = true }
}
