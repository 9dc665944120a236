import Claims

/// Short, readable descriptions of claims values for counterexamples, in the words of a benefits summary.
enum ClaimsDescriptions {
    static func plan(_ plan: Plan) -> String {
        var parts = [
            "plan \(plan.year) "
                + "\(plan.coverage.rawValue)\(plan.coverage == .family ? " (\(plan.familyDeductible.rawValue))" : "")",
            "in network: \(tier(plan.inNetwork))",
        ]
        parts.append(plan.outOfNetwork.map { "out of network: \(tier($0))" } ?? "no out-of-network coverage")
        for (category, rule) in plan.costSharing.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            parts.append("\(category): \(costSharing(rule))")
        }
        if !plan.exclusions.isEmpty {
            parts.append("excludes \(plan.exclusions.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        for (category, limit) in plan.visitLimits { parts.append("\(limit) \(category) visits") }
        return parts.joined(separator: "; ")
    }

    static func tier(_ tier: Tier) -> String {
        "deductible \(tier.individualDeductible)/\(tier.familyDeductible), coinsurance \(tier.coinsurance), "
            + "OOP max \(tier.individualOutOfPocketMaximum)/\(tier.familyOutOfPocketMaximum)"
    }

    static func costSharing(_ rule: CostSharing) -> String {
        switch rule {
        case .copay(let amount): "\(amount) copay"
        case .copayAfterDeductible(let amount): "\(amount) copay after deductible"
        case .copayBeforeDeductible(let amount): "\(amount) copay before deductible"
        case .noChargeAfterDeductible: "no charge after deductible"
        case .coinsuranceAfterDeductible: "coinsurance after deductible"
        case .noCharge: "no charge"
        }
    }

    static func line(_ line: ClaimLine) -> String {
        "claim \(line.id): \(line.member) \(line.date) \(line.category) "
            + "\(line.network == .inNetwork ? "in network" : "out of network") "
            + "allowed \(line.allowed)\(line.billed != line.allowed ? " billed \(line.billed)" : "")"
            + "\(line.provider.isEmpty ? "" : " from \(line.provider)")"
    }

    static func event(_ event: ClaimEvent) -> String {
        switch event {
        case .claim(let line): Self.line(line)
        case .void(let id): "void \(id)"
        case .replace(let id, let line): "replace \(id) with \(Self.line(line))"
        }
    }

    static func accumulators(_ accumulators: Accumulators) -> String {
        let rows = accumulators.members.sorted { $0.key < $1.key }.flatMap { member, tiers in
            tiers.sorted { $0.key.rawValue < $1.key.rawValue }.map { network, tier in
                "\(member) \(network): deductible met \(tier.deductibleMet), OOP spent \(tier.outOfPocketSpent)"
            }
        }
        return rows.isEmpty ? "nothing accumulated" : rows.joined(separator: "; ")
    }
}
