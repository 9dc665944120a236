import Foundation
import Synchronization
import Testing

/// The `TALLY_*` variables as every property and table row of a `swift test` run reads them.
///
/// A variable that cannot be used (a damaged `TALLY_REPLAY`, `TALLY_REPLY`, a seed that is no number)
/// would meet every test the same way. So the first test that meets it records one issue, and the run
/// stops with exit status 1: one message within seconds, not one per test (once 394 issues in 217 s).
package enum TestRunEnvironment {
    /// Whether a test is already ending the run.
    private static let stopping = Atomic<Bool>(false)

    /// The last line of a run stopped by a variable, where Swift Testing's summary would have been.
    package static let stopLine =
        "Tally: error: the test run STOPPED at its first test (exit status 1): "
        + "a TALLY_ variable cannot be used (see above); "
        + "every test would meet it. Fix or unset it, then run again."

    /// `base` with this process's `TALLY_*` variables applied; when one cannot be used, records why at
    /// `sourceLocation` and ends the process (see the type's discussion).
    package static func configuration(base: RunConfiguration = RunConfiguration(), sourceLocation: SourceLocation)
        -> RunConfiguration
    {
        do {
            return try RunConfiguration.fromEnvironment(base: base)
        } catch {
            stop(because: error, at: sourceLocation)
        }
    }

    /// Records `error` as this test's issue and ends the process; a test meeting it meanwhile waits.
    private static func stop(because error: ConfigurationError, at sourceLocation: SourceLocation) -> Never {
        if stopping.exchange(true, ordering: .acquiringAndReleasing) {
            while true { pause() }
        }
        Issue.record(Comment(rawValue: "Tally: \(error)"), sourceLocation: sourceLocation)
        fflush(nil)
        FileHandle.standardError.write(Data(("\n" + stopLine + "\n").utf8))
        // Not exit(): its handlers would add the verdicts of selectors this stopped run never judged.
        _exit(1)
    }
}
