import ClaimsSpec
import Foundation
import Tally

/// The steady-state cost of crash safety: a fuzz worker copies each case's choices into its flight
/// recorder before running it. Measured on the claims invariants, in process, with and without one.
enum FlightRecorderOverhead {
    static func rate(recording: Bool, casesPerProperty: Int) async -> Double {
        let path = NSTemporaryDirectory() + "tally-bench-flight-\(getpid())"
        let recorder = recording ? try? FlightRecorder(path: path) : nil
        unlink(path)  // the mapping outlives the file's name: nothing is left in the temporary directory
        let clock = ContinuousClock()
        let start = clock.now
        var cases = 0
        for property in ClaimsSpec.suite.properties {
            var configuration = RunConfiguration.benchmark(seed: 99, iterations: casesPerProperty)
            configuration.flightRecorder = recorder
            cases += await property.check(configuration).casesRun
        }
        let elapsed = clock.now - start
        return Double(cases) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
