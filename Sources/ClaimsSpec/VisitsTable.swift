import Claims
import TallyTables

/// `Tables/claims/visits.csv`: one claim line against a self-only plan's tier and starting
/// accumulators. The row's deductible, coinsurance and out-of-pocket maximum are those of the line's
/// network tier.
enum VisitsTable {
    static let costSharingNames = [
        "copay", "copay after deductible", "copay before deductible", "no charge after deductible",
        "coinsurance after deductible", "no charge",
    ]

    static let spec = TableSpec("visits", columns: [
        .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue))),
        .input("network", .oneOf(["in", "out"]).optional, required: false),
        .input("billed", .money.optional, required: false),
        .input("allowed", .money),
        .input("deductible", .money),
        .input("deductible met", .money.optional, required: false),
        .input("coinsurance", .percent),
        .input("oop max", .money),
        .input("oop spent", .money.optional, required: false),
        .input("cost sharing", .oneOf(costSharingNames).optional, required: false),
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
        .output("error?", .text),
    ]) { row in
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

    static func money(_ row: TableRowInput, _ column: String) throws -> Money {
        try Money(cents: row.isEmpty(column) ? 0 : row.money(column))
    }

    static func build(_ row: TableRowInput) throws -> (Plan, Accumulators, ClaimLine) {
        let category = ServiceCategory(rawValue: try row.text("category"))!
        let network: Network = row.isEmpty("network") ? .inNetwork : Network(rawValue: try row.text("network"))!
        let tier = try Tier(
            individualDeductible: money(row, "deductible"), coinsurance: BasisPoints(row.percent("coinsurance")),
            individualOutOfPocketMaximum: money(row, "oop max"), name: network == .inNetwork ? "in-network" : "out-of-network")
        let copay = try money(row, "copay")
        var sharing: [ServiceCategory: CostSharing] = [:]
        if !row.isEmpty("cost sharing") {
            switch try row.text("cost sharing") {
            case "copay": sharing[category] = .copay(copay)
            case "copay after deductible": sharing[category] = .copayAfterDeductible(copay)
            case "copay before deductible": sharing[category] = .copayBeforeDeductible(copay)
            case "no charge after deductible": sharing[category] = .noChargeAfterDeductible
            case "no charge": sharing[category] = .noCharge
            default: sharing[category] = .coinsuranceAfterDeductible
            }
        }
        let coversOutOfNetwork = row.isEmpty("out of network covered") ? true : try row.boolean("out of network covered")
        let plan = try Plan(
            year: 2026, coverage: .selfOnly, inNetwork: tier,
            outOfNetwork: coversOutOfNetwork ? tier : nil, costSharing: sharing,
            exclusions: (!row.isEmpty("excluded") && (try row.boolean("excluded"))) ? [category] : [],
            visitLimits: row.isEmpty("visit limit") ? [:] : [category: try row.integer("visit limit")])
        var accumulators = Accumulators()
        // The row's one tier serves both networks, so its starting accumulators do too: an emergency
        // visit out of network is adjudicated in network.
        let starting = TierAccumulator(deductibleMet: try money(row, "deductible met"), outOfPocketSpent: try money(row, "oop spent"))
        accumulators.members["member"] = [.inNetwork: starting, .outOfNetwork: starting]
        accumulators.family = accumulators.members["member"]!
        if !row.isEmpty("visits used") { accumulators.visits["member"] = [category: try row.integer("visits used")] }
        let allowed = try money(row, "allowed")
        let line = try ClaimLine(
            id: "line", member: "member", date: ServiceDate(year: 2026, month: 1, day: 1)!, category: category,
            network: network, billed: row.isEmpty("billed") ? allowed : money(row, "billed"), allowed: allowed)
        return (plan, accumulators, line)
    }
}
