import Foundation

/// How a property run searches, shrinks and remembers failures.
///
/// The defaults are what `swift test` uses: 100 cases, a seed derived from the property's identity, saved
/// failures replayed first. ``fromEnvironment(_:base:)`` applies the `TALLY_*` variables that
/// <doc:RunningProperties> lists; a `TALLY_` name that is not one of them is an error naming the nearest.
public struct RunConfiguration: Sendable {
    /// The number of valid cases to try.
    public var iterations = 100
    /// The seed of the search; `nil` derives it from the property's identity.
    public var seed: UInt64?
    /// A token to replay instead of searching, for the property it belongs to.
    public var replay: ReplayToken?
    /// The properties to run, by name or `spec/name` (`TALLY_PROPERTY`); empty runs every property.
    public var propertyNames: [String] = []
    /// Where failures are saved and replayed from; `nil` disables saving.
    public var exampleDirectory: String? = ".tally/examples"
    /// The most candidate cases the shrinker may try.
    public var shrinkAttemptLimit = 20_000
    /// The longest the shrinker may run.
    public var shrinkTimeLimit: Duration = .seconds(30)
    /// Whether to print the label distribution of every run.
    public var printsStatistics = false
    /// How many discarded cases (for example by `filter`) are tolerated for each case asked for: the
    /// search gives up once it has discarded more than ``iterations`` times this many.
    public var discardRatio = 10
    /// Where a fuzz worker records each case before running it, for crash recovery; `nil` in-process.
    public var flightRecorder: FlightRecorder?
    /// Whether to shrink a failure and replay it to tell a flaky property. Off, the failure is the case
    /// as the search found it, run once: for a worker that shrinks or judges it itself (`tally fuzz`,
    /// `tally mutate`), to which a second run of a slow case is only time lost.
    public var shrinks = true
    /// Whether a run whose cases cannot yet tell whether a coverage requirement is met draws more (see
    /// <doc:StatisticsAndCoverage>). Off for `tally fuzz`, which runs a property in chunks, ignores
    /// their coverage, and stops at exactly the cases asked for.
    package var growsForCoverage = true
    /// How long one case may run under `swift test` before it counts as a hang: the process is then
    /// ended with the case saved, and the next run shrinks it in children under this timeout too (see
    /// <doc:CrashRecovery>). `TALLY_CASE_TIMEOUT`; the default is that of `tally check --case-timeout`.
    public var caseTimeout: Duration = .seconds(10)

    /// The default configuration.
    public init() {}

    /// `base` (by default the default configuration) with the `TALLY_*` environment variables applied.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        base: RunConfiguration = RunConfiguration()
    ) throws(ConfigurationError) -> RunConfiguration {
        var configuration = base
        if let unknown = environment.keys.filter({
            $0.hasPrefix(TallyVariables.prefix) && !TallyVariables.names.contains($0)
        }).min() {
            throw ConfigurationError(
                variable: unknown, value: environment[unknown]!, problem: TallyVariables.problem(unknown))
        }
        if let text = environment["TALLY_SEED"] {
            guard let seed = SeedText.parse(text) else {
                throw ConfigurationError(variable: "TALLY_SEED", value: text, expected: SeedText.expectation)
            }
            configuration.seed = seed
        }
        if let text = environment["TALLY_ITERATIONS"] {
            guard let count = Int(text), count > 0 else {
                throw ConfigurationError(
                    variable: "TALLY_ITERATIONS", value: text, expected: "a whole number of cases greater than 0")
            }
            configuration.iterations = count
        }
        if let text = environment["TALLY_REPLAY"], !text.isEmpty {
            do {
                configuration.replay = try ReplayToken(parsing: text)
            } catch {
                throw ConfigurationError(variable: "TALLY_REPLAY", value: text, problem: error.advice + ".")
            }
        }
        if let text = environment["TALLY_PROPERTY"] {
            configuration.propertyNames = text.split(separator: "|").map { String($0).trimmingWhitespace() }.filter {
                !$0.isEmpty
            }
            guard !configuration.propertyNames.isEmpty else {
                throw ConfigurationError(
                    variable: "TALLY_PROPERTY", value: text,
                    expected: "a property's name or spec/name (several separated by |)")
            }
        }
        if let text = environment["TALLY_STATS"] {
            switch text.lowercased() {
            case "1", "yes", "true": configuration.printsStatistics = true
            case "", "0", "no", "false": configuration.printsStatistics = false
            default:
                throw ConfigurationError(
                    variable: "TALLY_STATS", value: text,
                    expected: "1 to print each property's label distribution, or 0")
            }
        }
        if let text = environment["TALLY_CASE_TIMEOUT"] {
            guard let seconds = DurationText.seconds(text) else {
                throw ConfigurationError(
                    variable: "TALLY_CASE_TIMEOUT", value: text, expected: DurationText.expectation)
            }
            configuration.caseTimeout = .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
        }
        if let text = environment["TALLY_EXAMPLES"] {
            configuration.exampleDirectory = ["off", "none", ""].contains(text.lowercased()) ? nil : text
        }
        return configuration
    }

    /// The selectors of ``propertyNames`` (`TALLY_PROPERTY`) and ``replay`` (`TALLY_REPLAY`).
    public var selection: PropertySelection {
        PropertySelection(
            propertyNames.map { PropertySelector(.name($0), from: "TALLY_PROPERTY") }
                + (replay.map { [PropertySelector(.token($0), from: "TALLY_REPLAY")] } ?? []))
    }
}

/// A `TALLY_*` environment variable whose value cannot be used.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The variable's name.
    public var variable: String
    /// Its value.
    public var value: String
    /// What it should have been.
    public var expected: String
    /// What is wrong, when that says more than what was expected (a damaged replay token).
    public var problem: String?

    /// The error for `variable=value`, which should have been `expected`.
    public init(variable: String, value: String, expected: String) {
        self.variable = variable
        self.value = value
        self.expected = expected
    }

    /// The error for `variable=value`, with what is wrong in words.
    public init(variable: String, value: String, problem: String) {
        self.init(variable: variable, value: value, expected: problem)
        self.problem = problem
    }

    /// `TALLY_ITERATIONS="abc": expected a whole number …`.
    public var description: String { "\(variable)=\"\(value)\": " + (problem ?? "expected \(expected)") }
}
