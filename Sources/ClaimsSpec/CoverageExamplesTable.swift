import Claims
import TallyTables

/// `Tables/claims/coverage-examples.csv`: the coverage examples of published Summaries of Benefits and
/// Coverage (Peg is having a baby, …), one claim per row, with the year's running totals in the words of
/// the SBC: deductibles, copayments, coinsurance, limits or exclusions, and the total the patient pays.
enum CoverageExamplesTable {
    static let spec = TableSpec(
        "coverage-examples",
        columns: [
            .input("example", .text),
            .reference("plan", to: PlansTable.setup),
            .input("claim", .text),
            .input("member", .text),
            .input("date", .date),
            .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue))),
            .input("allowed", .money),
            .output("deductibles?", .money),
            .output("copayments?", .money),
            .output("coinsurance?", .money),
            .output("limits or exclusions?", .money),
            .output("patient pays?", .money),
            .output("plan pays?", .money),
        ], scenarioColumn: "example"
    ) { row in
        var year = PlanYear(plan: try row.lookUp("plan", in: PlansTable.setup))
        for step in row.previousSteps + [row] {
            let line = try ClaimLine.described(by: step)
            if let refusal = year.receive(.claim(line)).refusal {
                // The row's failure names its own line: say whether the refused claim is this row's.
                let whose = try line.id == row.text("claim") ? "" : ", of an earlier step of the example,"
                throw SetupTableError("claim \(line.id)\(whose) was refused: \(refusal)")
            }
        }
        let explanations = year.result.explanations
        let total = { (amount: KeyPath<ExplanationOfBenefitsLine, Money>) in
            CellValue.money(explanations.map { $0[keyPath: amount].cents }.reduce(0, +))
        }
        return [
            "deductibles?": total(\.deductible), "copayments?": total(\.copay), "coinsurance?": total(\.coinsurance),
            "limits or exclusions?": total(\.notCovered), "patient pays?": total(\.patientPays),
            "plan pays?": total(\.planPays),
        ]
    }
    .sameThroughEachScenario(["plan"])
    .identifyingRows(by: ["example", "claim", "date"])
}
