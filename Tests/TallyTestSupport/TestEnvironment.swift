import Foundation

/// The environment of every process Tally's own tests start.
public enum TestEnvironment {
    /// This process's environment without the user's `TALLY_*` variables, plus `variables`.
    ///
    /// A person may run `TALLY_ROWS=claims/visits.csv:14 swift test`: that selects rows of the
    /// tests in this process, not of a `tally` a test starts to check how it reports a trap. A child
    /// sees only the `TALLY_*` variables its test sets.
    public static func clean(adding variables: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TALLY_") }.merging(variables) { _, given in given }
    }
}

/// How long a test waits for another process to do what it will do — start a child, answer, end —
/// before it calls that a failure: generous, because the machine running the suite may be busy
/// (two cores, each with a compiler on it), and named here once. No test waits a fixed time instead.
public enum Patience {
    /// The longest a test waits for an event of another process, in seconds.
    public static let forAnEvent = 120.0
    /// How soon a run asked to stop must end, in seconds: far below the 60 s the runs the tests stop
    /// would go on for unstopped, and far above the second a stop takes on a quiet machine (under full
    /// load one was seen to take 8 s). How fast a stop is, is the benchmarks' to judge.
    public static let toStop = 30.0
}
