import Foundation
import Tally

/// The JSON report `tally fuzz --report FILE.json` writes (``FuzzReports``) and the HTML report reads
/// back from `summary.json` (``FuzzSummary``): one type for both, so that they cannot drift apart.
///
/// Reading is lenient as a hand-written file wants: only each property's `name` and `cases` are
/// required; what else is missing or of another type reads as empty.
struct FuzzReportJSON: JSONReport {
    @Lenient var seed: String
    var properties: [Property]
    /// What stopped the run before its end (`stopped by SIGINT after 0:03`), if something did.
    @Lenient var stopped: String?
    /// The run's shard (`2/4`; `1/1` unsharded), commit, budget and count of properties selected before
    /// sharding (``FuzzRunFacts``): what `tally report --merge` compares. Merged, the shards merged and
    /// what was wrong with them.
    @Lenient var shard: String? = nil
    @Lenient var commit: String? = nil
    @Lenient var budget: String? = nil
    @Lenient var selected: Int? = nil
    @Lenient var merged: [String]? = nil
    @Lenient var problems: [String]? = nil

    /// One property's run.
    struct Property: Codable {
        var name: String
        var cases: Int
        @Lenient var seconds: Double
        @Lenient var casesPerSecond: Int
        @Lenient var labels: [String: Int]
        @Lenient var passed: Bool
        @Lenient var failure: Failure?
        @Lenient var gaveUp: String?
        /// Why it did not run at all (the time budget was spent, the run was stopped).
        @Lenient var notRun: String?
        @Lenient var interrupted: String?
        /// In a merged report, the shard that ran it (`3/4`).
        @Lenient var shard: String? = nil

        enum CodingKeys: String, CodingKey {
            case name, cases, seconds, casesPerSecond = "cases_per_s", labels, passed, failure, gaveUp = "gave_up",
                notRun = "not_run", interrupted
            case shard
        }
    }

    /// What a property's run found.
    struct Failure: Codable {
        /// `failure`, `crash` or `hang`; `failure` when the file does not say.
        var kind: String { writtenKind ?? "failure" }
        @Lenient private var writtenKind: String?
        @Lenient var value: String
        @Lenient var message: String
        @Lenient var token: String
        @Lenient var replay: String
        @Lenient var isNew: Bool
        @Lenient var saved: String
        /// Absent when no shrinker tried a candidate (``FuzzFinding/shrinkSteps``).
        @Lenient var shrinkSteps: Int?
        @Lenient var shrinkNote: String
        /// The failure the search found first, saved as found, when a smaller case ended the worker
        /// while it shrank that failure (``FuzzFinding/FoundFirst``).
        @Lenient var foundFirst: FoundFirst?

        enum CodingKeys: String, CodingKey {
            case writtenKind = "kind", value, message, token, replay, isNew = "new", saved, shrinkSteps = "shrink_steps"
            case shrinkNote = "shrink_note", foundFirst = "found_first"
        }
    }

    /// A failure saved as the search found it.
    struct FoundFirst: Codable {
        @Lenient var value: String
        @Lenient var message: String
        @Lenient var token: String
        @Lenient var replay: String
        @Lenient var saved: String
    }
}

extension FuzzReportJSON.Property {
    /// Whether the property failed: it has a failure or gave up, or — as the writer says of every run
    /// that neither passed nor was left unrun — it did not pass, even when a hand-edited or damaged
    /// file's failure could not be read back.
    var isFailing: Bool {
        failure != nil || gaveUp != nil || (!passed && notRun == nil)
    }

    /// The run of `outcome`, with replay commands as `replayLine` prints them.
    init(_ outcome: FuzzPropertyOutcome, replayLine: ReplayLine) {
        self.init(
            name: outcome.name, cases: outcome.cases, seconds: outcome.seconds, casesPerSecond: Int(outcome.rate),
            labels: outcome.labels, passed: !outcome.failed && outcome.notRun == nil,
            failure: outcome.finding.map { .init($0, replayLine: replayLine) }, gaveUp: outcome.gaveUp,
            notRun: outcome.notRun, interrupted: outcome.interrupted, shard: outcome.shard)
    }
}

extension FuzzReportJSON.Failure {
    /// What `finding` found, with replay commands as `replayLine` prints them.
    init(_ finding: FuzzFinding, replayLine: ReplayLine) {
        writtenKind = finding.kind.rawValue
        value = finding.value
        message = finding.failure
        token = finding.token
        replay = finding.replay(replayLine)
        isNew = finding.isNew
        saved = finding.savedPath ?? ""
        shrinkSteps = finding.shrinkSteps
        shrinkNote = finding.shrinkNote ?? ""
        foundFirst = finding.foundFirst.map { first in
            FuzzReportJSON.FoundFirst(
                value: first.value, message: first.failure, token: first.token,
                replay: FuzzFinding.replay(first.token, replayLine), saved: first.savedPath ?? "")
        }
    }
}
