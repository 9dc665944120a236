/// Every `TALLY_` environment variable that Tally, its tool, its scripts and its tests read: the one
/// list, so that any other `TALLY_` name is an error naming the nearest one (`TALLY_REPLY` is
/// `TALLY_REPLAY` misspelt, not a variable to ignore while a search runs green).
///
/// ```swift
/// TallyVariables.problems(in: ["TALLY_REPLY": "8a011ca5.AQEBZABMO7M"])
/// // ["TALLY_REPLY=\"8a011ca5.AQEBZABMO7M\": Tally has no such variable; did you mean TALLY_REPLAY?"]
/// ```
public enum TallyVariables {
    /// Who sets a variable.
    public enum Audience: String, Sendable, CaseIterable {
        /// A person, for `swift test` and the `tally` tool.
        case user = "you, for swift test and the tool"
        /// A person, for one of the scripts under `Scripts/`.
        case scripts = "you, for Scripts/"
        /// Tally itself, for the processes it starts.
        case processes = "Tally, for the processes it starts"
        /// Tally's own test suite and CI.
        case tallyTests = "Tally's own tests and CI"
    }

    /// One variable: its name, who sets it, and what it does.
    public struct Variable: Sendable, Hashable {
        /// The name, `TALLY_…`.
        public let name: String
        /// Who sets it.
        public let audience: Audience
        /// What it does, in one line.
        public let effect: String
        /// The option of the `tally` commands it stands in for when the option is not given
        /// (`TALLY_SEED` for `--seed`).
        public var option: String? = nil
        /// What separates several values of the option in the variable (`TALLY_PROPERTY`: `|`).
        public var separator: Character? = nil
    }

    /// The prefix that marks a variable as Tally's.
    public static let prefix = "TALLY_"

    /// Every variable, the ones a person sets for `swift test` and the tool first.
    public static let all: [Variable] = [
        Variable(
            name: "TALLY_SEED", audience: .user, effect: "the seed of every property (decimal or 0x hexadecimal)",
            option: "--seed"),
        Variable(name: "TALLY_ITERATIONS", audience: .user, effect: "cases per property", option: "--iterations"),
        Variable(
            name: "TALLY_REPLAY", audience: .user,
            effect: "replay this one token, and run only the property that owns it"),
        Variable(
            name: "TALLY_PROPERTY", audience: .user,
            effect: "run only the properties named, as name or spec/name (several: separated by |)",
            option: "--property", separator: "|"),
        Variable(name: "TALLY_STATS", audience: .user, effect: "1 prints each property's label distribution"),
        Variable(
            name: "TALLY_EXAMPLES", audience: .user,
            effect: "the saved-example folder (default .tally/examples; off disables it)"),
        Variable(
            name: "TALLY_CASE_TIMEOUT", audience: .user,
            effect: "how long one case may run under swift test before it is a hang (default 10s)",
            option: "--case-timeout"),
        Variable(
            name: "TALLY_ROWS", audience: .user,
            effect: "run only these tables or rows, such as claims/visits.csv:14 (comma-separated)"),
        Variable(
            name: "TALLY_TAGS", audience: .user, effect: "run only the rows with one of these tags (comma-separated)",
            option: "--tag", separator: ","),
        Variable(
            name: "TALLY_TEST_HANG_TIMEOUT", audience: .user,
            effect: "how long a run of the tests (tally fuzz's survey, tally mutate's) may go with no test "
                + "starting or ending (default 2m)"),
        Variable(
            name: "TALLY_PLANTED_BUGS", audience: .user,
            effect: "1 adds the planted-bug spec to the tally tool, to try the fuzz"),
        Variable(
            name: "TALLY_FUZZ_TIME", audience: .scripts,
            effect: "the nightly fuzz's time budget (Scripts/nightly-fuzz.sh; default 10m)"),
        Variable(
            name: "TALLY_FUZZ_JOBS", audience: .scripts,
            effect: "the nightly fuzz's worker processes (Scripts/nightly-fuzz.sh)"),
        Variable(
            name: "TALLY_FUZZ_SHARD", audience: .scripts,
            effect: "the nightly fuzz's slice I/N of the properties (Scripts/nightly-fuzz.sh)"),
        Variable(
            name: "TALLY_REPORT_DIR", audience: .scripts,
            effect: "where the nightly fuzz writes its reports (default .tally/reports)"),
        Variable(
            name: "TALLY_MUTATE_SINCE", audience: .scripts,
            effect: "the commit the nightly mutation analysis starts from"),
        Variable(
            name: "TALLY_MUTATE_TESTS", audience: .scripts,
            effect:
                "off leaves the package's tests out of tally mutate's judging "
                + "(Scripts/mutate-timing.sh, to time them)"),
        Variable(name: "TALLY_BIN", audience: .scripts, effect: "an already built tally for the scripts to use"),
        Variable(
            name: "TALLY_LIBFUZZER_PROPERTY", audience: .scripts, effect: "the property Scripts/libfuzzer.sh fuzzes"),
        Variable(
            name: "TALLY_EVALUATE", audience: .processes,
            effect: "makes a test process evaluate one property's cases for its parent (crash recovery)"),
        Variable(
            name: "TALLY_FUZZ_WORKER", audience: .processes,
            effect: "makes a test process fuzz one property for tally fuzz (its order, as JSON)"),
        Variable(
            name: "TALLY_TEST_SURVEY", audience: .processes,
            effect: "the file a test run lists its properties in, for tally fuzz and replay"),
        Variable(
            name: "TALLY_SUPERVISOR", audience: .processes,
            effect: "the process ID of the tally process that started a child (a fuzz worker, a mutant's run)"),
        Variable(name: "TALLY_MUTANT", audience: .processes, effect: "the mutant a process of tally mutate runs"),
        Variable(
            name: "TALLY_MUTANT_REACH", audience: .processes,
            effect: "the file where a test run of tally mutate writes which test reaches which mutant"),
        Variable(
            name: "TALLY_MUTANT_REACH_TEST", audience: .processes,
            effect: "the XCTest case a test run of tally mutate runs alone, to name what it reaches"),
        Variable(
            name: "TALLY_PROBE_BUG", audience: .tallyTests, effect: "1 plants the bugs of Tally's probe properties"),
        Variable(
            name: "TALLY_PLANTED_TRAP", audience: .tallyTests,
            effect: "1 enables Tally's properties that fail or trap on purpose, in its tests' child processes"),
        Variable(
            name: "TALLY_SURVEY", audience: .tallyTests,
            effect: "enables the surveys of which property catches which mutant"),
        Variable(
            name: "TALLY_MUTATE_FIXTURE", audience: .tallyTests,
            effect: "1 adds the end-to-end test of tally mutate (.ci/run sets it)"),
    ]

    /// The names of ``all``.
    public static var names: [String] { all.map(\.name) }

    /// One message per variable of `environment` that starts with `TALLY_` but is not Tally's, in
    /// name order: `TALLY_REPLY="…": Tally has no such variable; did you mean TALLY_REPLAY?`.
    public static func problems(in environment: [String: String]) -> [String] {
        let known = Set(names)
        return environment.keys.filter { $0.hasPrefix(prefix) && !known.contains($0) }.sorted().map { name in
            "\(name)=\"\(environment[name]!)\": " + problem(name)
        }
    }

    /// Names Tally used before, each with the name that took its place: one set is refused naming it.
    static let renamed = ["TALLY_TEST_SURVEY_TIMEOUT": "TALLY_TEST_HANG_TIMEOUT"]

    /// Why `name` cannot be used, with the nearest known names.
    static func problem(_ name: String) -> String {
        if let now = renamed[name] { return "Tally has no such variable any more; it is \(now) now" }
        // Compared without the prefix, which every name shares and would make any two look alike.
        let near = nearestNames(
            to: String(name.dropFirst(prefix.count)), among: names.map { String($0.dropFirst(prefix.count)) }, limit: 2
        )
        .map { prefix + $0 }
        guard near.isEmpty else { return "Tally has no such variable; did you mean \(near.joined(separator: " or "))?" }
        let users = all.filter { $0.audience == .user }.map(\.name)
        return "Tally has no such variable; those you can set are \(users.joined(separator: ", "))"
    }
}
