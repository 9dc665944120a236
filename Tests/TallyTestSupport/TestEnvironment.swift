import Foundation
import Tally

/// The environment of every process Tally's own tests start.
public enum TestEnvironment {
    /// This process's environment without the user's `TALLY_*` variables, plus `variables`.
    ///
    /// A person may run `TALLY_ROWS=claims/visits.csv:14 swift test`: that selects rows of the
    /// tests in this process, not of a `tally` a test starts to check how it reports a trap. A child
    /// sees only the `TALLY_*` variables its test sets.
    public static func clean(adding variables: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TALLY_") }.merging(variables) { _, given in
            given
        }
    }
}

extension TestEnvironment {
    /// Makes `folder`, in the temporary directory, the package root of a `tally` a test runs there,
    /// unless the test made a package of its own around it: an empty `Tables/` marks it.
    ///
    /// `tally` runs at the nearest folder above it that holds a `Package.swift` or a `Tables/` folder.
    /// When the temporary directory lies inside a package (a CI's `TMPDIR=$WORKSPACE/tmp`), that
    /// package would be the root: a test's fuzz would save its findings in the package's `.tally/`.
    public static func makePackageRoot(_ folder: String) {
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).standardizedFileURL.path
        var candidate = URL(fileURLWithPath: folder).standardizedFileURL
        while candidate.path.hasPrefix(temporary + "/") {
            if ["Package.swift", "Tables"].contains(where: {
                FileManager.default.fileExists(atPath: candidate.appendingPathComponent($0).path)
            }) {
                return
            }
            candidate.deleteLastPathComponent()
        }
        try? FileManager.default.createDirectory(atPath: folder + "/Tables", withIntermediateDirectories: true)
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

    /// Looks every 10 ms for something no event announces, such as a child appearing in /proc: the
    /// first value `look` finds, or `nil` once `hopeless` holds or after `seconds`.
    ///
    /// The looking runs on a thread of its own, not on Swift's pool: tests may hold every thread of it
    /// for seconds, and a child that lives half a second could come and go between two looks.
    public static func poll<Found: Sendable>(
        until look: @escaping @Sendable () -> Found?, unless hopeless: @escaping @Sendable () -> Bool = { false },
        seconds: Double = forAnEvent
    ) async -> Found? {
        await offThePool { Self.look(until: look, unless: hopeless, seconds: seconds) }
    }

    /// ``poll(until:unless:seconds:)`` on the calling thread, blocking it.
    static func look<Found>(until look: () -> Found?, unless hopeless: () -> Bool, seconds: Double = forAnEvent)
        -> Found?
    {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = look() { return found }
            if hopeless() { return nil }
            usleep(10_000)
        }
        return nil
    }
}

/// Whether `output`, a child test run's, ends where Tally stopped it (`stopLine`): after that line at
/// most the events of other tests that raced it to the terminal (one starting, one passing), no
/// failure, and no summary: the run never reached its end.
public func endsWhereTallyStopped(_ output: String, stopLine: String) -> Bool {
    guard let stop = output.range(of: stopLine + "\n") else { return false }
    let after = output[stop.upperBound...].split(separator: "\n")
    return after.allSatisfy { ["◇ ", "✔ ", "↳ ", "➜ "].contains(where: $0.hasPrefix) }
        && !output.contains("Test run with")
}
