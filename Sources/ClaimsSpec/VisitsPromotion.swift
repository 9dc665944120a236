import Claims
import Tally
import TallyTables

extension VisitsTable {
    /// Writes a one-line counterexample as a row of `Tables/claims/visits.csv`, for `tally promote`.
    /// Only self-only plans fit the table's shape; a family case cannot be written as a visit row.
    static let promotion = RowPromotion<LineCase>(table: "claims/visits") { input in
        let plan = input.plan, line = input.line
        guard plan.coverage == .selfOnly else { return nil }
        let network = plan.network(for: line)
        let tier = plan.tier(network) ?? plan.inNetwork
        let accumulator = input.accumulators.member(line.member, network)
        var cells = [
            "category": line.category.rawValue, "network": line.network.rawValue,
            "billed": MoneyText.format(line.billed.cents), "allowed": MoneyText.format(line.allowed.cents),
            "deductible": MoneyText.format(tier.individualDeductible.cents),
            "deductible met": MoneyText.format(accumulator.deductibleMet.cents),
            "coinsurance": tier.coinsurance.description,
            "oop max": MoneyText.format(tier.individualOutOfPocketMaximum.cents),
            "oop spent": MoneyText.format(accumulator.outOfPocketSpent.cents),
            "excluded": plan.exclusions.contains(line.category) ? "yes" : "no",
            "out of network covered": plan.outOfNetwork == nil ? "no" : "yes",
        ]
        if network == .outOfNetwork, plan.outOfNetwork != nil, plan.outOfNetwork != plan.inNetwork {
            cells["note"] = "out-of-network tier shown; the in-network tier differs"
        }
        if network == .inNetwork {
            switch plan.costSharing(for: line.category, in: .inNetwork) {
            case .copay(let amount): (cells["cost sharing"], cells["copay"]) = ("copay", MoneyText.format(amount.cents))
            case .copayAfterDeductible(let amount):
                (cells["cost sharing"], cells["copay"]) = ("copay after deductible", MoneyText.format(amount.cents))
            case .copayBeforeDeductible(let amount):
                (cells["cost sharing"], cells["copay"]) = ("copay before deductible", MoneyText.format(amount.cents))
            case .noChargeAfterDeductible: cells["cost sharing"] = "no charge after deductible"
            case .coinsuranceAfterDeductible: cells["cost sharing"] = "coinsurance after deductible"
            case .noCharge: cells["cost sharing"] = "no charge"
            }
        }
        if let limit = plan.visitLimits[line.category] {
            cells["visit limit"] = String(limit)
            cells["visits used"] = String(input.accumulators.visits(line.member, line.category))
        }
        return cells
    }
}
