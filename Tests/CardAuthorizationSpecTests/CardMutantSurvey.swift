import CardAuthorizationSpec
import Foundation
import Tally
import Testing

@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_SURVEY"] != nil,
        "a survey for a person to read; run it with TALLY_SURVEY=1 swift test --filter cardMutantSurvey"))
func cardMutantSurvey() async {
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    for bug in MutantAccount.Bug.allCases {
        let result = await CardAuthorizationSpec.stateMachine { MutantAccount.system(bug) }.property.check(
            configuration)
        print(
            "=== \(bug.rawValue): "
                + (result.counterexample.map { "after \(result.casesRun) cases\n\($0.value)\n\($0.failure)" }
                    ?? "NOT CAUGHT")
        )
    }
}
