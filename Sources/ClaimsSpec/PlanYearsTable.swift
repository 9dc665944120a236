import Claims
import TallyTables

/// `Tables/claims/plan-years.csv`: multi-claim plan years of a family, one step per row.
///
/// Each scenario names one of ``plans``; its rows submit, reverse or check claims in arrival order,
/// and each row's expected cells describe the year after that step.
enum PlanYearsTable {
    /// The plans scenarios may name.
    static let plans: [String: Plan] = {
        func dollars(_ amount: Int) -> Money { (try? Money(cents: amount * 100)) ?? .zero }
        func tier(_ deductible: Int, _ familyDeductible: Int, _ coinsurance: Int, _ maximum: Int, _ familyMaximum: Int) -> Tier {
            try! Tier(individualDeductible: dollars(deductible), familyDeductible: dollars(familyDeductible), coinsurance: BasisPoints(coinsurance * 100),
                      individualOutOfPocketMaximum: dollars(maximum), familyOutOfPocketMaximum: dollars(familyMaximum))
        }
        return [
            "family embedded": try! Plan(year: 2026, coverage: .family, familyDeductible: .embedded, inNetwork: tier(500, 1_000, 20, 3_000, 6_000)),
            "family aggregate": try! Plan(year: 2026, coverage: .family, familyDeductible: .aggregate, inNetwork: tier(500, 1_000, 20, 3_000, 6_000)),
            "family high oop": try! Plan(year: 2026, coverage: .family, inNetwork: tier(2_000, 4_000, 50, 12_000, 20_000)),
            "family copay visits": try! Plan(year: 2026, coverage: .family, inNetwork: tier(500, 1_000, 20, 3_000, 6_000),
                                             costSharing: [.primaryCare: .copay(dollars(30))], visitLimits: [.physicalTherapy: 2]),
            "self-only above the law": try! Plan(year: 2026, coverage: .selfOnly, inNetwork: tier(2_000, 4_000, 50, 12_000, 24_000)),
            "family above the law": try! Plan(year: 2026, coverage: .family, inNetwork: tier(2_000, 4_000, 50, 12_000, 30_000)),
            "family above the law 2025": try! Plan(year: 2025, coverage: .family, inNetwork: tier(2_000, 4_000, 50, 12_000, 30_000)),
        ]
    }()

    static let spec = TableSpec("plan-years", columns: [
        .input("scenario", .text),
        .input("plan", .oneOf(plans.keys.sorted())),
        .input("action", .oneOf(["submit", "reverse", "check"])),
        .input("claim", .text),
        .input("member", .text.optional, required: false),
        .input("date", .date.optional, required: false),
        .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue)).optional, required: false),
        .input("allowed", .money.optional, required: false),
        .output("patient pays?", .money),
        .output("plan pays?", .money),
        .output("member deductible met?", .money),
        .output("family deductible met?", .money),
        .output("member oop?", .money),
        .output("family oop?", .money),
        .output("error?", .text),
    ], scenarioColumn: "scenario") { row in
        do {
            let plan = plans[try row.text("plan")]!
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

    static func apply(_ step: TableRowInput, to year: inout PlanYear) throws {
        let claim = try step.text("claim")
        switch try step.text("action") {
        case "submit":
            let date = try step.date("date")
            try year.submit(ClaimLine(
                id: claim, member: step.text("member"), date: ServiceDate(year: date.year, month: date.month, day: date.day)!,
                category: ServiceCategory(rawValue: step.text("category"))!, allowed: Money(cents: step.money("allowed"))))
        case "reverse":
            try year.reverse(claim)
        default:
            break
        }
    }
}
