import Foundation
import TallyTables

/// The table rows `tally check-worker` runs for `tally check` and `tally tables run`
/// (``CheckWorker/run(row:binding:selection:)``).
///
/// A request names a table, as the supervisor reads it, the selection it runs and the line after
/// which to start; the worker reads the same file, bound to the same spec, and runs every row the
/// selection selects that can run (no problems of its own), answering each with its result as soon as
/// it has it, then says the table is done. The supervisor reads the answers in the order it reads the
/// rows, so a whole table costs one request, not one round trip per row; when the worker dies on a
/// row, the supervisor asks a fresh worker for the rest, after that row.
enum CheckWorkerRows {
    /// A table to run: its path and `binding` (the `--as` given), the `selection`, and the line after
    /// which rows run.
    struct Request: Codable {
        var path: String
        var binding: String?
        var selection: RowSelection
        var after: Int
    }

    /// One row's result: the line where the row starts, and the ``RowResultRecord``.
    struct Answer: Codable {
        var line: Int
        var result: RowResultRecord
    }

    /// `TABLE <json>`: a ``Request``.
    static let requestPrefix = "TABLE "
    /// `ROW-RESULT <json>`: an ``Answer``.
    static let resultPrefix = "ROW-RESULT "
    /// `ROW-START <line>`: the worker has read its way to the row at `line` and runs it now. The case
    /// timeout counts from here: reading the rows before it (all of them, in a fresh worker after a row
    /// that crashed or hung) is not the row's time.
    static let startPrefix = "ROW-START "
    /// The table is done.
    static let endLine = "TABLE-END"
    /// `TABLE-REFUSED <why>`: the request could not be read (then ``endLine``).
    static let refusedPrefix = "TABLE-REFUSED "

    /// Runs the rows the request `json` asks for, among `suites`, sending each answer to `send`.
    static func run(_ json: Substring, suites: [TableSuite], send: (String) -> Void) async {
        defer { send(endLine) }
        let request: Request
        do {
            request = try JSONDecoder().decode(Request.self, from: Data(json.utf8))
        } catch {
            send(refusedPrefix + "\(error)".replacingOccurrences(of: "\n", with: " "))
            return
        }
        var reader = TableReader(path: request.path, binding: request.binding, suites: suites)
        while let entry = reader.next() {
            guard case .row(let row) = entry, row.line > request.after, row.problems.isEmpty, !row.standsForProblems,
                request.selection.selects(row)
            else { continue }
            send(startPrefix + "\(row.line)")
            let answer = Answer(line: row.line, result: RowResultRecord(await row.run()))
            send(resultPrefix + String(decoding: (try? JSONEncoder().encode(answer)) ?? Data(), as: UTF8.self))
        }
    }
}
