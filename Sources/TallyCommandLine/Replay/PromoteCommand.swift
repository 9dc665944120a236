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
            clear the status. The table is written once, atomically, after the engine has answered: an
            engine that crashes on the new row ends promote with the table as it was.
            Exit status: 0 when the row was appended, 1 when the table has problems (nothing is written),
            2 on a usage error or a counterexample that cannot be promoted (nothing is written). A token
            of a random state is made first in a child process: a case whose generator crashes has no
            value to write, and is refused with the replay line that shows why.
            """,
        options: ["--table"], minimumPositional: 1, maximumPositional: 1, positionalName: "<token>")

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let token = try TokenOwner.token(arguments.positional[0], for: description)
        guard let path = arguments.value("--table") else {
            throw UsageError(command: description, "missing --table PATH")
        }
        guard let owner = TokenOwner(of: token, in: context.catalog) else {
            throw UsageError(command: description, TokenOwner.notOwned(token, in: context.catalog))
        }
        let (suite, property) = (owner.suite, owner.property)
        let binding = LoadedTable.binding(ofPath: path)
        guard let table = property.promotionTable else {
            throw UsageError(
                command: description,
                problems: ["\(suite)/\(property.id) does not say how its input becomes a table row"],
                pointsToHelp: false)
        }
        guard table == binding else {
            throw UsageError(
                command: description,
                problems: ["\(suite)/\(property.id) promotes into \(table), not \(binding) (\(path))"],
                pointsToHelp: false)
        }
        let choices = try await Self.choices(of: owner, context: context)
        guard let cells = property.promotedRow(choices)?.cells else {
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
        // The engine fills the expected cells before anything is written: one that traps on the new row
        // ends promote with the table as it was, never with a half-written row awaiting review.
        let contents = [UInt8](data)
        let after = LoadedTable.load(path: path, contents: contents, suites: context.catalog.tableSuites)
        guard let added = after.rows.last else { return 1 }
        let tool = context.catalog.toolName
        let (edits, bytes) = try await TableRecorder.fill(after, contents: contents, lines: [added.line]) { _ in
            " ended `\(tool) promote` while the engine answered the new row for \(path) (\(added.inputSummary)): "
                + "nothing was written.\n  The engine crashes on these inputs: a row of them in the table, run "
                + "with `\(tool) tables run`, shows where.\n"
        }
        try AtomicFile.write(Data(bytes), to: path)
        context.console.out("Added \(path):\(added.line) with status review:")
        context.console.out("  inputs: " + added.inputSummary)
        context.console.out(
            "  expected (the engine's answer today): "
                + edits.map { "\($0.column) \($0.value)" }.joined(separator: ", "))
        context.console.out("Confirm or correct the expected cells, then clear the status.")
        return 0
    }

    /// The choices `owner`'s token replays. A token of a random state runs the generator, which may trap:
    /// with an executable it is made first in a `tally fuzz-evaluate` child, as check, fuzz and replay make
    /// a case (``CaseRecovery``), without running the case, which a row does not need. A case whose
    /// generator crashed, hung or failed there has no value to write: refused, with the line to see why.
    private static func choices(of owner: TokenOwner, context: CommandContext) async throws -> ChoiceSequence {
        guard let executable = context.executable else { return owner.choices }
        let recovery = CaseRecovery.tally(
            executable, propertyIndex: owner.index, propertyID: owner.property.id,
            caseTimeout: Double(CaseTimeout.defaultSeconds))
        let made = await recovery.choices(of: owner.token)
        if let choices = made.choices { return choices }
        switch made.verdict {
        case .failed(let failure), .crashed(let failure), .hung(let failure):
            throw UsageError(
                command: description,
                problems: [
                    "\(owner.suite)/\(owner.property.id) could not make the value of this case, so there is no "
                        + "row to write (\(failure.prefix { $0 != "\n" })). Fix the generator; the replay shows "
                        + "why: \(context.catalog.replayLine.command(for: owner.token))"
                ], pointsToHelp: false)
        case .passed, .unavailable, .stopped:
            context.console.out(
                "No child process could make the case (\(made.verdict.failure ?? "")); it is made here.")
            return owner.choices
        }
    }
}
