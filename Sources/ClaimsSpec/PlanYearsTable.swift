import Claims
import TallyTables

/// `Tables/claims/plan-years.csv`: multi-claim plan years of a family, one step per row.
///
/// Each scenario names a plan of `Tables/claims/plans.csv` (``PlansTable``); its rows submit, reverse
/// or check claims in arrival order, and each row's expected cells describe the year after that step.
enum PlanYearsTable {
    static let spec = TableSpec(
        "plan-years",
        columns: [
            .input("scenario", .text),
            .reference("plan", to: PlansTable.setup),
            .input("action", .oneOf(["submit", "reverse", "check"])),
            .input("claim", .text),
            .input("member", .text.optional, required: false),
            .input("date", .date.optional, required: false),
            .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue)).optional, required: false),
            .input("network", .oneOf(Network.allCases.map(\.rawValue)).optional, required: false),
            .input("allowed", .money.optional, required: false),
            .output("patient pays?", .money),
            .output("plan pays?", .money),
            .output("member deductible met?", .money),
            .output("family deductible met?", .money),
            .output("member oop?", .money),
            .output("family oop?", .money),
            .output("error?", .text),
        ], scenarioColumn: "scenario"
    ) { row in
        do {
            let plan = try row.lookUp("plan", in: PlansTable.setup)
            var year = PlanYear(plan: plan)
            for step in row.previousSteps + [row] {
                try apply(step, to: &year)
            }
            let result = year.result
            let claim = try row.text("claim")
            let member = row.isEmpty("member") ? (year.claims[claim]?.member ?? "") : try row.text("member")
            var outputs: [String: CellValue] = [
                "member deductible met?": .money(result.accumulators.member(member, .inNetwork).deductibleMet.cents),
                "family deductible met?": .money(result.accumulators.family(.inNetwork).deductibleMet.cents),
                "member oop?": .money(result.accumulators.member(member, .inNetwork).outOfPocketSpent.cents),
                "family oop?": .money(result.accumulators.family(.inNetwork).outOfPocketSpent.cents),
            ]
            if let eob = result.explanation(for: claim) {
                outputs["patient pays?"] = .money(eob.patientPays.cents)
                outputs["plan pays?"] = .money(eob.planPays.cents)
            }
            return outputs
        } catch let error as ClaimsError {
            return ["error?": .text(error.description)]
        }
    }
    .sameThroughEachScenario(["plan"])
    // The member columns are the row's member's: a family's year moves between members from row to row.
    .identifyingRows(by: ["scenario", "action", "claim", "member", "date"])

    static func apply(_ step: TableRowInput, to year: inout PlanYear) throws {
        let claim = try step.text("claim")
        switch try step.text("action") {
        case "submit":
            try year.submit(ClaimLine.described(by: step))
        case "reverse":
            try year.reverse(claim)
        default:
            break
        }
    }
}
