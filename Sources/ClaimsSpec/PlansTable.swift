import Claims
import TallyTables

/// `Tables/claims/plans.csv`: the plans other claims tables name in their `plan` column, one row per
/// plan and network tier. Adding a plan is adding a row.
///
/// A plan's first row is its in-network tier (`tier` in) and carries the plan-wide cells: year,
/// coverage, deductible type, cost sharing, exclusions and visit limits. An optional second row
/// (`tier` out) gives the out-of-network tier's amounts and leaves the plan-wide cells empty; a plan
/// without one covers nothing out of network.
enum PlansTable {
    /// The plan-wide columns, read from the in-network row.
    static let planWideColumns = ["year", "coverage", "deductible type", "cost sharing", "exclusions", "visit limits"]

    static let setup = SetupTable<Plan>(
        "plans", key: "plan",
        columns: [
            .input("plan", .text),
            .input("tier", .oneOf(Network.allCases.map(\.rawValue))),
            .input("year", .integer.optional, required: false),
            .input("coverage", .oneOf(Plan.Coverage.allCases.map(\.rawValue)).optional, required: false),
            .input("deductible type", .oneOf(Plan.FamilyDeductible.allCases.map(\.rawValue)).optional, required: false),
            .input("deductible", .money),
            .input("family deductible", .money.optional, required: false),
            .input("coinsurance", .percent),
            .input("oop max", .money),
            .input("family oop max", .money.optional, required: false),
            .input("cost sharing", PlanCells.costSharingKind, required: false),
            .input("exclusions", PlanCells.exclusionsKind, required: false),
            .input("visit limits", PlanCells.visitLimitsKind, required: false),
        ]
    ) { rows in try plan(from: rows) }

    /// The plan defined by its rows: the in-network row, then perhaps the out-of-network row.
    static func plan(from rows: [TableRowInput]) throws -> Plan {
        let first = rows[0]
        guard try first.text("tier") == Network.inNetwork.rawValue else {
            throw SetupTableError(
                "\(first.location): a plan's first row is its in-network tier (tier \"in\"); "
                    + "its out-of-network row follows it"
            )
        }
        if rows.count > 1 {
            let second = rows[1]
            guard rows.count == 2, try second.text("tier") == Network.outOfNetwork.rawValue else {
                throw SetupTableError(
                    "\(rows.last!.location): a plan has one in-network row and at most one out-of-network row "
                        + "(tier \"out\") after it"
                )
            }
            let misplaced = planWideColumns.filter { !second.isEmpty($0) }
            guard misplaced.isEmpty else {
                throw SetupTableError(
                    "\(second.location): plan-wide cells go on the in-network row; "
                        + "leave \(misplaced.joined(separator: ", ")) empty here"
                )
            }
        }
        for column in ["year", "coverage"] where first.isEmpty(column) {
            throw SetupTableError(
                "\(first.location): column \"\(column)\" is empty: the in-network row gives the plan's \(column)")
        }
        return try Plan(
            year: first.integer("year"), coverage: Plan.Coverage(rawValue: first.text("coverage"))!,
            familyDeductible: first.isEmpty("deductible type")
                ? .embedded : Plan.FamilyDeductible(rawValue: first.text("deductible type"))!,
            inNetwork: tier(first, name: "in-network"),
            outOfNetwork: rows.count == 2 ? tier(rows[1], name: "out-of-network") : nil,
            costSharing: first.isEmpty("cost sharing") ? [:] : PlanCells.costSharing(first.text("cost sharing"))!,
            exclusions: first.isEmpty("exclusions") ? [] : PlanCells.exclusions(first.text("exclusions"))!,
            visitLimits: first.isEmpty("visit limits") ? [:] : PlanCells.visitLimits(first.text("visit limits"))!)
    }

    private static func tier(_ row: TableRowInput, name: String) throws -> Tier {
        func money(_ column: String) throws -> Money? {
            row.isEmpty(column) ? nil : try Money(cents: row.money(column))
        }
        return try Tier(
            individualDeductible: Money(cents: row.money("deductible")), familyDeductible: money("family deductible"),
            coinsurance: BasisPoints(row.percent("coinsurance")),
            individualOutOfPocketMaximum: Money(cents: row.money("oop max")),
            familyOutOfPocketMaximum: money("family oop max"), name: name)
    }
}
