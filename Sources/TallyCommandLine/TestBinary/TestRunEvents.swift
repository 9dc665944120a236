import Foundation
import Tally

/// What a test binary's event stream (`--event-stream-output-path FILE --event-stream-version 0`, Swift
/// Testing's machine-readable account of a run, one JSON record a line) says about a run that may have
/// been cut short: whether it reached its end, and which tests had started and not ended.
struct TestRunEvents {
    /// A test function the run started and did not end.
    struct Running: Equatable {
        /// Its `Test.ID`.
        var id: String
        /// Where it is declared: `Module/File.swift:12`.
        var place: String?

        /// `ShopTests.Slow/waitsForever`: the `swift test --filter` that runs it (and its namesakes).
        var filter: String {
            ReplayLine.escapedForRegex(id.firstIndex(of: "(").map { String(id[..<$0]) } ?? id)
        }
    }

    /// The arguments that make `binary` write its events to `path`.
    static func arguments(writingTo path: String) -> [String] {
        ["--event-stream-output-path", path, "--event-stream-version", "0"]
    }

    /// Whether the run reached its end (a `runEnded` event): a test that ended the process early, or
    /// a kill, leaves none.
    private(set) var reachedEnd = false
    /// The test functions started and not ended, in the order they started.
    private(set) var running: [Running] = []
    /// The ids of the test functions started, ended or not: a run that started none matched none.
    private(set) var started: Set<String> = []

    /// The events of `text`, the contents of the event stream's file; a line that is not a record (the
    /// last one, cut by a kill) is left out.
    init(_ text: String) {
        var places: [String: String] = [:]
        var functions: Set<String> = []
        for line in text.split(separator: "\n") {
            guard let record = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)) else { continue }
            let payload = record.payload
            switch (record.kind, payload.kind) {
            case ("test", "function"):
                guard let id = payload.id else { continue }
                functions.insert(id)
                places[id] = payload.sourceLocation.map { "\($0.fileID):\($0.line)" }
            case ("event", "testStarted"):
                guard let id = payload.testID, functions.contains(id) else { continue }
                running.append(Running(id: id, place: places[id]))
                started.insert(id)
            case ("event", "testEnded"):
                running.removeAll { $0.id == payload.testID }
            case ("event", "runEnded"):
                reachedEnd = true
            default:
                continue
            }
        }
    }

    /// `ShopTests.Slow/waitsForever() (ShopTests/Slow.swift:12)`, the first three of the tests still
    /// running and how many more; `nil` when none was.
    var runningDescription: String? { Self.describe(running) }

    /// `ShopTests.Slow/waitsForever() (ShopTests/Slow.swift:12)`, the first three of `running` and how
    /// many more; `nil` when it is empty.
    static func describe(_ running: [Running]) -> String? {
        guard !running.isEmpty else { return nil }
        let named = running.prefix(3).map { test in
            // The id up to its function's closing parenthesis, without the place it ends with.
            let name = test.id.firstIndex(of: ")").map { String(test.id[...$0]) } ?? test.id
            return name + (test.place.map { " (\($0))" } ?? "")
        }
        return named.joined(separator: ", ") + (running.count > 3 ? " and \(running.count - 3) more" : "")
    }

    /// `RoundingTests.testHalfACentRoundsUp`, each XCTest case `output` says started (`Test Case '…'
    /// started at …`) and not ended (`… passed` or `… failed`), in the order they started: XCTest has no
    /// event stream, but prints and flushes these lines as each case starts and ends.
    static func xctestRunning(in output: String) -> [String] {
        xctestCases(in: output).running
    }

    /// `RoundingTests.testHalfACentRoundsUp`, each XCTest case `output` says started, and of them those
    /// not ended (``xctestRunning(in:)``), in the order they started.
    static func xctestCases(in output: String) -> (started: [String], running: [String]) {
        var started: [String] = [], running: [String] = []
        for line in output.split(separator: "\n") {
            guard let start = line.range(of: "Test Case '"),
                let end = line[start.upperBound...].firstIndex(of: "'")
            else { continue }
            let name = String(line[start.upperBound..<end])
            let said = line[end...]
            if said.hasPrefix("' started") {
                started.append(name)
                running.append(name)
            } else if said.hasPrefix("' passed") || said.hasPrefix("' failed") || said.hasPrefix("' skipped") {
                running.removeAll { $0 == name }
            }
        }
        return (started, running)
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var sourceLocation: Location?
    }

    private struct Location: Decodable {
        var fileID: String
        var line: Int
    }
}
