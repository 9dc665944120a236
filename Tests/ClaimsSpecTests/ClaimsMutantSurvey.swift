import ClaimsSpec
import Foundation
import Tally
import Testing

/// Prints which property catches each mutant and its shrunk counterexample (run with TALLY_SURVEY=1).
@Test(
    .enabled(
        if: ProcessInfo.processInfo.environment["TALLY_SURVEY"] != nil,
        "a survey for a person to read; run it with TALLY_SURVEY=1 swift test --filter claimsMutantSurvey"))
func claimsMutantSurvey() async {
    let mutants = [
        ClaimsMutants.storyCopayPath, ClaimsMutants.exclusionsIgnored, ClaimsMutants.floatingPointMoney,
        ClaimsMutants.sharesRoundedSeparately, ClaimsMutants.capOffByOneCent,
        ClaimsMutants.familyNotShared, ClaimsMutants.coinsuranceBeforeDeductible, ClaimsMutants.reversalKeepsVisits,
        ClaimsMutants.retryRefused, ClaimsMutants.copayNotCapped, ClaimsMutants.copayAfterDeductibleOverCap,
        ClaimsMutants.paidInFullPastTheRoom, ClaimsMutants.deductibleResetEachQuarter,
        ClaimsMutants.adjudicatedInArrivalOrder,
        ArrivalMutants.claimNumberOrder, ArrivalMutants.voidWithoutReadjudication,
        ArrivalMutants.adjustmentsOfTheMemberOnly, ArrivalMutants.duplicatesByIDOnly,
        ArrivalMutants.duplicatesWithoutAmounts, ArrivalMutants.duplicatesByNetworkToo,
    ]
    var configuration = RunConfiguration()
    configuration.exampleDirectory = nil
    for mutant in mutants {
        print("=== \(mutant.name)")
        for property in ClaimsSpec.properties(for: mutant) {
            let result = await property.check(configuration)
            if let example = result.counterexample {
                print(
                    "--- caught by: \(property.id) after \(result.casesRun) cases, \(example.shrinkSteps) steps, "
                        + "\(example.shrinkDuration.milliseconds) ms\n\(example.value)\n\(example.failure)"
                )
            }
        }
    }
}
