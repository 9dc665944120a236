import Foundation
import TallyTables

/// The table rows `tally check-worker` runs for `tally check` and `tally tables run`
/// (``CheckWorker/run(row:binding:)``): each request names a row by its table and line, and the
/// worker reads that row from the same file, bound to the same spec, and answers with its result.
///
/// Rows are asked for in file order, so the worker reads each table once, keeping its place between
/// requests; a request for another table, or for a line already passed, opens the table again.
struct CheckWorkerRows {
    /// A row to run: its table as the supervisor read it, with `binding` (the `--as` given), and the
    /// line and id of the row there.
    struct Request: Codable {
        var path: String
        var binding: String?
        var line: Int
        var id: String?
    }

    /// `ROW <json>`: a request.
    static let requestPrefix = "ROW "
    /// `ROW-RESULT <json>`: a ``RowResultRecord``.
    static let resultPrefix = "ROW-RESULT "
    /// `ROW-MISSING <reason>`: the row was not found as the request describes it, and did not run.
    static let missingPrefix = "ROW-MISSING "

    let suites: [TableSuite]
    private var reader: TableReader?
    private var place: (path: String, binding: String?, line: Int)?

    init(suites: [TableSuite]) {
        self.suites = suites
    }

    /// The answer to the request `json`: the row's result, or why it did not run.
    mutating func answer(_ json: Substring) async -> String {
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(json.utf8)) else {
            return Self.missingPrefix + "the request could not be read"
        }
        guard let row = row(request) else {
            return Self.missingPrefix + "\(request.path) changed while it ran: line \(request.line) no longer holds that row, or it cannot run"
        }
        let record = RowResultRecord(await row.run())
        return Self.resultPrefix + String(decoding: (try? JSONEncoder().encode(record)) ?? Data(), as: UTF8.self)
    }

    /// The row `request` names, read as the supervisor read it; `nil` when that line holds no such
    /// row that can run (the file changed in between).
    private mutating func row(_ request: Request) -> TableRow? {
        if let place, place.path != request.path || place.binding != request.binding || place.line >= request.line {
            reader = nil
        }
        if reader == nil { reader = TableReader(path: request.path, binding: request.binding, suites: suites) }
        place = (request.path, request.binding, request.line)
        while let entry = reader?.next() {
            guard case .row(let row) = entry, row.line >= request.line else { continue }
            guard row.line == request.line, row.id == request.id, row.problems.isEmpty, !row.standsForProblems else { break }
            return row
        }
        reader = nil
        return nil
    }
}
