import Foundation

/// The JSON report `tally mutate --report FILE.json` writes (``MutationReports``) and the HTML report
/// reads back from `mutants.json` (``MutantsSummary``): one type for both, so that they cannot drift
/// apart.
///
/// Reading is lenient as a hand-written file wants: the totals may be missing, and of each mutant only
/// its `file`, `line`, `column`, a known `operator` and a known `status` are required.
struct MutationReportJSON: JSONReport {
    @Lenient var command: String
    /// Killed over killed plus survived, in percent; absent when no mutant was judged.
    @Lenient var score: Double?
    @Lenient var killed: Int
    @Lenient var survived: Int
    @Lenient var equivalent: Int
    @Lenient var didNotCompile: Int
    @Lenient var notRun: Int
    @Lenient var incomplete: Bool
    var targets: [Target]
    var mutants: [Mutant]
    @Lenient var buildSeconds: Double
    @Lenient var runSeconds: Double
    @Lenient var wallSeconds: Double
    @Lenient var mutantsRun: Int
    @Lenient var mutantsPerMinute: Double
    @Lenient var jobs: Int
    /// `stopped by SIGINT` when a stop request ended the run early.
    @Lenient var stopped: String?

    enum CodingKeys: String, CodingKey {
        case command, score, killed, survived, equivalent, didNotCompile = "did_not_compile", notRun = "not_run",
            incomplete, targets, mutants
        case buildSeconds = "build_seconds", runSeconds = "run_seconds", wallSeconds = "wall_seconds", mutantsRun =
            "mutants_run"
        case mutantsPerMinute = "mutants_per_minute", jobs, stopped
    }

    /// One target's figures.
    struct Target: Codable {
        @Lenient var target: String?
        @Lenient var mutants: Int
        @Lenient var killed: Int
        @Lenient var survived: Int
        @Lenient var equivalent: Int
        @Lenient var didNotCompile: Int
        @Lenient var notRun: Int
        /// Absent when none of the target's mutants was judged.
        @Lenient var score: Double?

        enum CodingKeys: String, CodingKey {
            case target, mutants, killed, survived, equivalent, didNotCompile = "did_not_compile", notRun = "not_run",
                score
        }
    }

    /// One mutant and what became of it.
    struct Mutant: Codable {
        var file: String
        var line: Int
        var column: Int
        @Lenient var target: String
        var `operator`: MutationOperator
        @Lenient var original: String
        @Lenient var mutated: String
        @Lenient var before: [String]
        @Lenient var after: [String]
        @Lenient var key: String
        var status: MutantOutcome.Status
        @Lenient var by: [String]
        @Lenient var seconds: Double
        @Lenient var cached: Bool
    }
}
