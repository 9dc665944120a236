import CardAuthorizationSpec
import Foundation
import Tally
import Testing

/// How reliably each planted concurrency bug is caught: over 30 seeds, the share of runs of the default
/// budget that catch it and the cases they need. Run with `TALLY_SURVEY=1 swift test --filter cardConcurrencySurvey`.
@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_SURVEY"] != nil,
        "a survey for a person to read; run it with TALLY_SURVEY=1 swift test --filter cardConcurrencySurvey"))
func cardConcurrencySurvey() async {
    for bug in ConcurrencyMutant.Bug.allCases {
        var caught: [Int] = []
        for seed in 1...30 {
            var configuration = RunConfiguration()
            configuration.exampleDirectory = nil
            configuration.seed = UInt64(seed)
            configuration.shrinks = false
            let result = await CardAuthorizationSpec.concurrentMachine(ConcurrencyMutant.system(bug)).property.check(
                configuration)
            if result.counterexample != nil { caught.append(result.casesRun) }
        }
        print("=== \(bug.rawValue): caught in \(caught.count) of 30 runs, cases needed \(caught.sorted())")
    }
}
