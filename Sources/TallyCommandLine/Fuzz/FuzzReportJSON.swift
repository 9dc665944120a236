import Foundation

/// The JSON report `tally fuzz --report FILE.json` writes (``FuzzReports``) and the HTML report reads
/// back from `summary.json` (``FuzzSummary``): one type for both, so that they cannot drift apart.
///
/// Reading is lenient as a hand-written file wants: only each property's `name` and `cases` are
/// required; what else is missing or of another type reads as empty.
struct FuzzReportJSON: JSONReport {
    var seed: String
    var properties: [Property]
    /// What stopped the run before its end (`stopped by SIGINT after 0:03`), if something did.
    var stopped: String?

    /// One property's run.
    struct Property: Codable {
        var name: String
        var cases: Int
        var seconds: Double
        var casesPerSecond: Int
        var labels: [String: Int]
        var passed: Bool
        var failure: Failure?
        var gaveUp: String?
        /// Why it did not run at all (the time budget was spent, the run was stopped).
        var notRun: String?
        var interrupted: String?

        enum CodingKeys: String, CodingKey {
            case name, cases, seconds, casesPerSecond = "cases_per_s", labels, passed, failure, gaveUp = "gave_up", notRun = "not_run", interrupted
        }
    }

    /// What a property's run found.
    struct Failure: Codable {
        var kind: String
        var value: String
        var message: String
        var token: String
        var replay: String
        var isNew: Bool
        var saved: String
        var shrinkSteps: Int
        var shrinkNote: String
        /// The failure the search found first, saved as found, when a smaller case ended the worker
        /// while it shrank that failure (``FuzzFinding/FoundFirst``).
        var foundFirst: FoundFirst?

        enum CodingKeys: String, CodingKey {
            case kind, value, message, token, replay, isNew = "new", saved, shrinkSteps = "shrink_steps", shrinkNote = "shrink_note"
            case foundFirst = "found_first"
        }
    }

    /// A failure saved as the search found it.
    struct FoundFirst: Codable {
        var value: String
        var message: String
        var token: String
        var replay: String
        var saved: String
    }
}

extension FuzzReportJSON {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        properties = try container.decode([Property].self, forKey: .properties)
        seed = container.lenient(.seed) ?? ""
        stopped = container.lenient(.stopped)
    }
}

extension FuzzReportJSON.Property {
    /// Whether the property failed: it has a failure or gave up, or — as the writer says of every run
    /// that neither passed nor was left unrun — it did not pass, even when a hand-edited or damaged
    /// file's failure could not be read back.
    var isFailing: Bool {
        failure != nil || gaveUp != nil || (!passed && notRun == nil)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let name: String = container.lenient(.name), let cases: Int = container.lenient(.cases) else {
            throw UnreadableEntry(decoder)
        }
        self.name = name
        self.cases = cases
        seconds = container.lenient(.seconds) ?? 0
        casesPerSecond = container.lenient(.casesPerSecond) ?? 0
        labels = container.lenient(.labels) ?? [:]
        passed = container.lenient(.passed) ?? false
        failure = container.lenient(.failure)
        gaveUp = container.lenient(.gaveUp)
        notRun = container.lenient(.notRun)
        interrupted = container.lenient(.interrupted)
    }
}

extension FuzzReportJSON.Failure {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = container.lenient(.kind) ?? "failure"
        value = container.lenient(.value) ?? ""
        message = container.lenient(.message) ?? ""
        token = container.lenient(.token) ?? ""
        replay = container.lenient(.replay) ?? ""
        isNew = container.lenient(.isNew) ?? false
        saved = container.lenient(.saved) ?? ""
        shrinkSteps = container.lenient(.shrinkSteps) ?? 0
        shrinkNote = container.lenient(.shrinkNote) ?? ""
        foundFirst = container.lenient(.foundFirst)
    }
}
