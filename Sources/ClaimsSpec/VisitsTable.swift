import Claims
import TallyTables

/// `Tables/claims/visits.csv`: one claim line against a plan and starting accumulators. The plan is
/// one of `Tables/claims/plans.csv`, named in the `plan` column, or a self-only plan the row describes:
/// its deductible, coinsurance and out-of-pocket maximum are those of the line's network tier.
enum VisitsTable {
    /// The columns that describe the row's own plan, left empty when the row names a plan.
    static let planColumns = [
        "deductible", "coinsurance", "oop max", "cost sharing", "copay", "excluded", "visit limit",
        "out of network covered",
    ]

    /// `Tables/claims/visits.csv`.
    static let spec = spec(named: "visits")
    /// `Tables/claims/plan-visits.csv`: the same shape, for rows that name their plan.
    static let planVisits = spec(named: "plan-visits")

    static func spec(named name: String) -> TableSpec {
        TableSpec(
            name,
            columns: [
                .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue))),
                .reference("plan", to: PlansTable.setup, optional: true),
                .input("network", .oneOf(["in", "out"]).optional, required: false),
                .input("billed", .money.optional, required: false),
                .input("allowed", .money),
                .input("deductible", .money.optional, required: false),
                .input("deductible met", .money.optional, required: false),
                .input("coinsurance", .percent.optional, required: false),
                .input("oop max", .money.optional, required: false),
                .input("oop spent", .money.optional, required: false),
                .input("cost sharing", .oneOf(PlanCells.costSharingNames).optional, required: false),
                .input("copay", .money.optional, required: false),
                .input("excluded", .boolean.optional, required: false),
                .input("visit limit", .integer.optional, required: false),
                .input("visits used", .integer.optional, required: false),
                .input("out of network covered", .boolean.optional, required: false),
                .output("covered?", .boolean),
                .output("reason?", .text),
                .output("deductible?", .money),
                .output("copay?", .money),
                .output("coinsurance?", .money),
                .output("plan pays?", .money),
                .output("balance billed?", .money),
                .output("patient pays?", .money),
                // A table may leave it out: a row whose line the engine refuses then fails on every other
                // expected cell, so nothing passes unchecked.
                .output("error?", .text, required: false),
            ]
        ) { row in
            do {
                let (plan, accumulators, line) = try build(row)
                let eob = Adjudicator.adjudicate(line, under: plan, with: accumulators).explanation
                return [
                    "covered?": .boolean(eob.isCovered), "reason?": eob.reason.map { .text($0.rawValue) } ?? .empty,
                    "deductible?": .money(eob.deductible.cents), "copay?": .money(eob.copay.cents),
                    "coinsurance?": .money(eob.coinsurance.cents), "plan pays?": .money(eob.planPays.cents),
                    "balance billed?": .money(eob.balanceBilled.cents), "patient pays?": .money(eob.patientPays.cents),
                ]
            } catch let error as ClaimsError {
                return ["error?": .text(error.description)]
            }
        }
        // A row names its plan, or describes its tier: a table with neither way fails at its header.
        .requiringOne(of: [["plan"], ["deductible", "coinsurance", "oop max"]])
    }

    static func money(_ row: TableRowInput, _ column: String) throws -> Money {
        try Money(cents: row.isEmpty(column) ? 0 : row.money(column))
    }

    static func build(_ row: TableRowInput) throws -> (Plan, Accumulators, ClaimLine) {
        let category = ServiceCategory(rawValue: try row.text("category"))!
        let network: Network = row.isEmpty("network") ? .inNetwork : Network(rawValue: try row.text("network"))!
        let plan =
            row.isEmpty("plan") ? try describedPlan(row, category: category, network: network) : try namedPlan(row)
        var accumulators = Accumulators()
        // The row's one tier serves both networks, so its starting accumulators do too: an emergency
        // visit out of network is adjudicated in network.
        let starting = TierAccumulator(
            deductibleMet: try money(row, "deductible met"), outOfPocketSpent: try money(row, "oop spent"))
        accumulators.members["member"] = [.inNetwork: starting, .outOfNetwork: starting]
        accumulators.family = [.inNetwork: starting, .outOfNetwork: starting]
        if !row.isEmpty("visits used") { accumulators.visits["member"] = [category: try row.integer("visits used")] }
        let allowed = try money(row, "allowed")
        let line = try ClaimLine(
            id: "line", member: "member", date: ServiceDate.known(year: 2026, month: 1, day: 1), category: category,
            network: network, billed: row.isEmpty("billed") ? allowed : money(row, "billed"), allowed: allowed)
        return (plan, accumulators, line)
    }

    /// The plan of `plans.csv` the row names; the row must not describe a plan of its own as well.
    static func namedPlan(_ row: TableRowInput) throws -> Plan {
        let described = planColumns.filter { !row.isEmpty($0) }
        guard described.isEmpty else {
            throw SetupTableError(
                "\(row.location): the row names plan \"\(try row.text("plan"))\", "
                    + "so leave \(described.joined(separator: ", ")) empty (or clear the plan cell)"
            )
        }
        return try row.lookUp("plan", in: PlansTable.setup)
    }

    /// The self-only plan the row describes: its tier for the line's network, and its cost sharing,
    /// exclusion and visit limit for the line's category.
    static func describedPlan(_ row: TableRowInput, category: ServiceCategory, network: Network) throws -> Plan {
        let missing = ["deductible", "coinsurance", "oop max"].filter { row.isEmpty($0) }
        guard missing.isEmpty else {
            throw SetupTableError(
                "\(row.location): \(missing.joined(separator: ", ")) empty: "
                    + "name a plan of plans.csv in column \"plan\", or give the deductible, "
                    + "coinsurance and oop max of the line's tier"
            )
        }
        let tier = try Tier(
            individualDeductible: money(row, "deductible"), coinsurance: BasisPoints(row.percent("coinsurance")),
            individualOutOfPocketMaximum: money(row, "oop max"),
            name: network == .inNetwork ? "in-network" : "out-of-network")
        var sharing: [ServiceCategory: CostSharing] = [:]
        if !row.isEmpty("cost sharing") {
            let name = try row.text("cost sharing")
            sharing[category] = PlanCells.costSharing(
                named: name, copay: name.hasPrefix("copay") ? try money(row, "copay") : nil)
        }
        let coversOutOfNetwork =
            row.isEmpty("out of network covered") ? true : try row.boolean("out of network covered")
        return try Plan(
            year: 2026, coverage: .selfOnly, inNetwork: tier,
            outOfNetwork: coversOutOfNetwork ? tier : nil, costSharing: sharing,
            exclusions: (!row.isEmpty("excluded") && (try row.boolean("excluded"))) ? [category] : [],
            visitLimits: row.isEmpty("visit limit") ? [:] : [category: try row.integer("visit limit")])
    }
}
