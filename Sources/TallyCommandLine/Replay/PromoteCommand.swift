import Foundation
import Tally
import TallyTables

/// `tally promote TOKEN --table PATH`: appends a counterexample to a requirement table as a new row,
/// inputs filled in, expected cells filled with the engine's current output and `status` set to
/// `review`, so that a person confirms or corrects it.
enum PromoteCommand: TallyCommand {
    static let description = CommandDescription(
        name: "promote",
        summary: "Append a counterexample to a requirement table as a row for review.",
        usage: "tally promote <token> --table PATH",
        details: """
            The property must say how its input becomes a row of the table. The new row's expected cells
            hold what the engine answers today, and its status is review: confirm or correct them, then
            clear the status. The table is written atomically.
            Exit status: 0 when the row was appended, 1 when the table has problems (nothing is written),
            2 on a usage error.
            """,
        options: ["--table"], minimumPositional: 1, maximumPositional: 1, positionalName: "<token>")

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let token = try TokenOwner.token(arguments.positional[0], for: description)
        guard let path = arguments.value("--table") else {
            throw UsageError(command: description, "missing --table PATH")
        }
        guard let owner = TokenOwner(of: token, in: context.catalog) else {
            throw UsageError(command: description, "no property has the hash \(token.propertyHash)")
        }
        let (suite, property) = (owner.suite, owner.property)
        let binding = LoadedTable.binding(ofPath: path)
        guard let promoted = property.promotedRow(owner.choices) else {
            throw UsageError(
                command: description,
                problems: ["\(suite)/\(property.id) does not say how its input becomes a table row"],
                pointsToHelp: false)
        }
        guard promoted.table == binding else {
            throw UsageError(
                command: description,
                problems: ["\(suite)/\(property.id) promotes into \(promoted.table), not \(binding) (\(path))"],
                pointsToHelp: false)
        }
        guard let cells = promoted.cells else {
            throw UsageError(
                command: description, problems: ["this counterexample cannot be written as a row of \(binding)"],
                pointsToHelp: false)
        }
        let before = LoadedTable.load(path: path, suites: context.catalog.tableSuites)
        guard before.tableProblems.isEmpty else {
            before.tableProblems.forEach { context.console.out($0.description) }
            return 1
        }
        guard var data = FileManager.default.contents(atPath: path) else {
            throw TableProblem(path: path, line: 0, column: 0, message: "cannot be read")
        }
        var reader = CSVReader(bytes: [UInt8](data), path: path)
        guard case .success(let header)? = reader.next() else {
            throw TableProblem(path: path, line: 1, column: 0, message: "no header")
        }
        let normalized = header.texts.map { $0.lowercased().trimmingCharacters(in: .whitespaces) }
        guard normalized.contains("status") else {
            throw UsageError(
                command: description,
                problems: ["\(path) has no status column: add one so the new row can await review"], pointsToHelp: false
            )
        }
        var row = normalized.map { cells[$0] ?? "" }
        let note = "found by \(suite)/\(property.id); replay: \(context.catalog.replayLine.command(for: token))"
        for (index, column) in normalized.enumerated() {
            switch column {
            case "status": row[index] = "review"
            case "id": row[index] = "promoted \(token.propertyHash) \(StableHash.hex(token.description).prefix(6))"
            case "note": row[index] = [cells["note"], note].compactMap { $0 }.joined(separator: "; ")
            default: break
            }
        }
        let lineEnd = data.contains(13) ? "\r\n" : "\n"
        if let last = data.last, last != 10, last != 13 { data.append(contentsOf: Array(lineEnd.utf8)) }
        data.append(
            contentsOf: Array(
                (row.map { TableRecorder.quoted($0, delimiter: reader.delimiter) }.joined(
                    separator: String(UnicodeScalar(reader.delimiter))) + lineEnd).utf8))
        try AtomicFile.write(data, to: path)

        let after = LoadedTable.load(path: path, suites: context.catalog.tableSuites)
        guard let added = after.rows.last else { return 1 }
        let (edits, bytes) = try await TableRecorder.fill(after, lines: [added.line])
        try AtomicFile.write(Data(bytes), to: path)
        context.console.out("Added \(path):\(added.line) with status review:")
        context.console.out("  inputs: " + added.inputSummary)
        context.console.out(
            "  expected (the engine's answer today): "
                + edits.map { "\($0.column) \($0.value)" }.joined(separator: ", "))
        context.console.out("Confirm or correct the expected cells, then clear the status.")
        return 0
    }
}
