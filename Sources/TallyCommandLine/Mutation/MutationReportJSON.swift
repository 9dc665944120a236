import Foundation

/// The JSON report `tally mutate --report FILE.json` writes (``MutationReports``) and the HTML report
/// reads back from `mutants.json` (``MutantsSummary``): one type for both, so that they cannot drift
/// apart.
///
/// Reading is lenient as a hand-written file wants: the totals may be missing, and of each mutant only
/// its `file`, `line`, `column`, a known `operator` and a known `status` are required.
struct MutationReportJSON: JSONReport {
    var command: String
    /// Killed over killed plus survived, in percent; absent when no mutant was judged.
    var score: Double?
    var killed: Int
    var survived: Int
    var equivalent: Int
    var didNotCompile: Int
    var notRun: Int
    var incomplete: Bool
    var targets: [Target]
    var mutants: [Mutant]
    var buildSeconds: Double
    var runSeconds: Double
    var wallSeconds: Double
    var mutantsRun: Int
    var mutantsPerMinute: Double
    var jobs: Int
    /// `stopped by SIGINT` when a stop request ended the run early.
    var stopped: String?

    enum CodingKeys: String, CodingKey {
        case command, score, killed, survived, equivalent, didNotCompile = "did_not_compile", notRun = "not_run", incomplete, targets, mutants
        case buildSeconds = "build_seconds", runSeconds = "run_seconds", wallSeconds = "wall_seconds", mutantsRun = "mutants_run"
        case mutantsPerMinute = "mutants_per_minute", jobs, stopped
    }

    /// One target's figures.
    struct Target: Codable {
        var target: String?
        var mutants: Int
        var killed: Int
        var survived: Int
        var equivalent: Int
        var didNotCompile: Int
        var notRun: Int
        /// Absent when none of the target's mutants was judged.
        var score: Double?

        enum CodingKeys: String, CodingKey {
            case target, mutants, killed, survived, equivalent, didNotCompile = "did_not_compile", notRun = "not_run", score
        }
    }

    /// One mutant and what became of it.
    struct Mutant: Codable {
        var file: String
        var line: Int
        var column: Int
        var target: String
        var `operator`: MutationOperator
        var original: String
        var mutated: String
        var before: [String]
        var after: [String]
        var key: String
        var status: MutantOutcome.Status
        var by: [String]
        var seconds: Double
        var cached: Bool
    }
}

extension MutationReportJSON {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        targets = try container.decode([Target].self, forKey: .targets)
        mutants = try container.decode([Mutant].self, forKey: .mutants)
        command = container.lenient(.command) ?? ""
        score = container.lenient(.score)
        killed = container.lenient(.killed) ?? 0
        survived = container.lenient(.survived) ?? 0
        equivalent = container.lenient(.equivalent) ?? 0
        didNotCompile = container.lenient(.didNotCompile) ?? 0
        notRun = container.lenient(.notRun) ?? 0
        incomplete = container.lenient(.incomplete) ?? false
        buildSeconds = container.lenient(.buildSeconds) ?? 0
        runSeconds = container.lenient(.runSeconds) ?? 0
        wallSeconds = container.lenient(.wallSeconds) ?? 0
        mutantsRun = container.lenient(.mutantsRun) ?? 0
        mutantsPerMinute = container.lenient(.mutantsPerMinute) ?? 0
        jobs = container.lenient(.jobs) ?? 0
        stopped = container.lenient(.stopped)
    }
}

extension MutationReportJSON.Target {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = container.lenient(.target)
        mutants = container.lenient(.mutants) ?? 0
        killed = container.lenient(.killed) ?? 0
        survived = container.lenient(.survived) ?? 0
        equivalent = container.lenient(.equivalent) ?? 0
        didNotCompile = container.lenient(.didNotCompile) ?? 0
        notRun = container.lenient(.notRun) ?? 0
        score = container.lenient(.score)
    }
}

extension MutationReportJSON.Mutant {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let file: String = container.lenient(.file), let line: Int = container.lenient(.line), let column: Int = container.lenient(.column),
            let kind: MutationOperator = container.lenient(.operator), let status: MutantOutcome.Status = container.lenient(.status)
        else { throw UnreadableEntry(decoder) }
        (self.file, self.line, self.column, self.operator, self.status) = (file, line, column, kind, status)
        target = container.lenient(.target) ?? ""
        original = container.lenient(.original) ?? ""
        mutated = container.lenient(.mutated) ?? ""
        before = container.lenient(.before) ?? []
        after = container.lenient(.after) ?? []
        key = container.lenient(.key) ?? ""
        by = container.lenient(.by) ?? []
        seconds = container.lenient(.seconds) ?? 0
        cached = container.lenient(.cached) ?? false
    }
}
