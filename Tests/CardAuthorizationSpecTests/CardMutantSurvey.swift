import CardAuthorizationSpec
import Foundation
import Tally
import Testing

@Test(.enabled(if: ProcessInfo.processInfo.environment["TALLY_SURVEY"] != nil))
func cardMutantSurvey() async {
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    for bug in MutantAccount.Bug.allCases {
        let result = await CardAuthorizationSpec.stateMachine { MutantAccount.system(bug) }.property.check(configuration)
        print("=== \(bug.rawValue): \(result.counterexample.map { "after \(result.casesRun) cases\n\($0.value)\n\($0.failure)" } ?? "NOT CAUGHT")")
    }
}
