import Claims
import TallyTables

/// `Tables/claims/plan-limits.csv`: a plan's in-network limits as the engine applies them — the plan's own
/// deductibles and out-of-pocket maximums, capped by the law's limits of the plan year — the
/// warnings a regulator would raise, and the plans the engine refuses.
enum PlanLimitsTable {
    static let spec = TableSpec(
        "plan-limits",
        columns: [
            .input("year", .integer),
            .input("coverage", .oneOf(Plan.Coverage.allCases.map(\.rawValue))),
            .input("deductible", .money),
            .input("family deductible", .money.optional, required: false),
            .input("oop max", .money),
            .input("family oop max", .money.optional, required: false),
            .output("member cap?", .money),
            .output("family cap?", .money),
            .output("warnings?", .text),
            .output("error?", .text),
        ]
    ) { row in
        do {
            let plan = try build(row)
            return [
                "member cap?": .money(plan.memberInNetworkCap.cents),
                "family cap?": .money(plan.familyInNetworkCap.cents),
                "warnings?": plan.warnings.isEmpty ? .empty : .text(plan.warnings.joined(separator: " / ")),
            ]
        } catch let error as ClaimsError {
            return ["error?": .text(error.description)]
        }
    }

    static func build(_ row: TableRowInput) throws -> Plan {
        func money(_ column: String) throws -> Money? {
            row.isEmpty(column) ? nil : try Money(cents: row.money(column))
        }
        let tier = try Tier(
            individualDeductible: money("deductible") ?? .zero, familyDeductible: money("family deductible"),
            coinsurance: BasisPoints(2_000), individualOutOfPocketMaximum: money("oop max") ?? .zero,
            familyOutOfPocketMaximum: money("family oop max"), name: "in-network")
        return try Plan(
            year: row.integer("year"), coverage: Plan.Coverage(rawValue: try row.text("coverage"))!, inNetwork: tier)
    }
}
