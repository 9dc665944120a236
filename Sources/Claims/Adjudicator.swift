/// Adjudicates one claim line: a pure function of the plan, the year's accumulators and the line.
///
/// The rules, in order:
/// 1. A line is **not covered** — the patient owes the billed charge, nothing accrues — when its date
///    of service is outside the plan year, when the plan excludes its category, when the member has
///    used every covered visit of the category, or when it is out of network and the plan has no
///    out-of-network tier. Emergency care is adjudicated as in network wherever it is given (ACA
///    §2719A, No Surprises Act): in-network cost sharing and accumulators, no balance bill.
/// 2. Otherwise the category's ``CostSharing`` splits the allowed amount into deductible, copay and
///    coinsurance. The remaining deductible is the member's (self-only), the smaller of the member's
///    and the family's (embedded), or the family's (aggregate).
/// 3. The cost sharing is capped by the remaining out-of-pocket maximum: the member's and the
///    family's, in network never above the law's self-only and family limits of the year (ACA). The
///    cap takes coinsurance back first, then the copay, then the deductible.
/// 4. The plan pays the rest of the allowed amount. Coinsurance is rounded half up to the cent and the
///    plan takes the remainder, so cost sharing plus plan payment is exactly the allowed amount.
/// 5. Out of network, the billed charge above the allowed amount is balance billed to the patient and
///    counts toward nothing. In network the provider writes it off.
public enum Adjudicator {
    /// The explanation of benefits for `line` and the accumulators after it.
    public static func adjudicate(
        _ line: ClaimLine, under plan: Plan, with accumulators: Accumulators
    ) -> (explanation: ExplanationOfBenefitsLine, accumulators: Accumulators) {
        if let reason = notCoveredReason(line, plan: plan, accumulators: accumulators) {
            let explanation = ExplanationOfBenefitsLine(
                line: line, notCovered: line.billed, reason: reason, deductible: .zero, copay: .zero,
                coinsurance: .zero, planPays: .zero, balanceBilled: .zero)
            return (explanation, accumulators)
        }
        let network = plan.network(for: line)
        let tier = plan.tier(network)!
        let member = accumulators.member(line.member, network)
        let family = accumulators.family(network)

        let remainingDeductible: Money
        switch (plan.coverage, plan.familyDeductible) {
        case (.selfOnly, _):
            remainingDeductible = tier.individualDeductible.subtractingClamped(member.deductibleMet)
        case (.family, .embedded):
            remainingDeductible = Money.minimum(
                tier.individualDeductible.subtractingClamped(member.deductibleMet),
                tier.familyDeductible.subtractingClamped(family.deductibleMet))
        case (.family, .aggregate):
            remainingDeductible = tier.familyDeductible.subtractingClamped(family.deductibleMet)
        }
        let memberCap = network == .inNetwork ? plan.memberInNetworkCap : tier.individualOutOfPocketMaximum
        var remainingOutOfPocket = memberCap.subtractingClamped(member.outOfPocketSpent)
        if plan.coverage == .family {
            let familyCap = network == .inNetwork ? plan.familyInNetworkCap : tier.familyOutOfPocketMaximum
            remainingOutOfPocket = Money.minimum(
                remainingOutOfPocket, familyCap.subtractingClamped(family.outOfPocketSpent))
        }

        var (deductible, copay, coinsurance) = split(
            line.allowed, by: plan.costSharing(for: line.category, in: network),
            remainingDeductible: remainingDeductible, coinsuranceRate: tier.coinsurance)
        var excess = (deductible + copay + coinsurance).subtractingClamped(remainingOutOfPocket)
        takeBack(&excess, from: &coinsurance)
        takeBack(&excess, from: &copay)
        takeBack(&excess, from: &deductible)
        let costSharing = deductible + copay + coinsurance
        let explanation = ExplanationOfBenefitsLine(
            line: line, notCovered: .zero, reason: nil, deductible: deductible, copay: copay, coinsurance: coinsurance,
            planPays: line.allowed - costSharing,
            balanceBilled: network == .outOfNetwork ? line.billed - line.allowed : .zero)

        var updated = accumulators
        updated.members[line.member, default: [:]][network, default: TierAccumulator()].deductibleMet =
            member.deductibleMet + deductible
        updated.members[line.member, default: [:]][network, default: TierAccumulator()].outOfPocketSpent =
            member.outOfPocketSpent + costSharing
        updated.family[network, default: TierAccumulator()].deductibleMet = family.deductibleMet + deductible
        updated.family[network, default: TierAccumulator()].outOfPocketSpent = family.outOfPocketSpent + costSharing
        updated.visits[line.member, default: [:]][line.category, default: 0] += 1
        return (explanation, updated)
    }

    static func notCoveredReason(_ line: ClaimLine, plan: Plan, accumulators: Accumulators) -> ExplanationOfBenefitsLine
        .NotCoveredReason?
    {
        if line.date.year != plan.year { return .outsidePlanYear }
        if plan.exclusions.contains(line.category) { return .excluded }
        if plan.tier(plan.network(for: line)) == nil { return .outOfNetworkNotCovered }
        if let limit = plan.visitLimits[line.category], accumulators.visits(line.member, line.category) >= limit {
            return .visitLimitReached
        }
        return nil
    }

    /// The member's shares of `allowed` before the out-of-pocket cap.
    static func split(
        _ allowed: Money, by rule: CostSharing, remainingDeductible: Money, coinsuranceRate: BasisPoints
    ) -> (deductible: Money, copay: Money, coinsurance: Money) {
        switch rule {
        case .noCharge:
            return (.zero, .zero, .zero)
        case .copay(let amount):
            return (.zero, Money.minimum(amount, allowed), .zero)
        case .copayAfterDeductible(let amount):
            let deductible = Money.minimum(allowed, remainingDeductible)
            return (deductible, Money.minimum(amount, allowed - deductible), .zero)
        case .copayBeforeDeductible(let amount):
            let copay = Money.minimum(amount, allowed)
            let rest = allowed - copay
            let deductible = Money.minimum(rest, remainingDeductible)
            return (deductible, copay, (rest - deductible).share(coinsuranceRate))
        case .noChargeAfterDeductible:
            return (Money.minimum(allowed, remainingDeductible), .zero, .zero)
        case .coinsuranceAfterDeductible:
            let deductible = Money.minimum(allowed, remainingDeductible)
            return (deductible, .zero, (allowed - deductible).share(coinsuranceRate))
        }
    }
}

/// Lowers `share` by as much of `excess` as it holds.
private func takeBack(_ excess: inout Money, from share: inout Money) {
    let taken = Money.minimum(share, excess)
    share = share - taken
    excess = excess - taken
}
