import Claims
import Tally

/// Invariants of adjudicating one claim line.
enum LineProperties {
    static func all(_ engine: ClaimsEngine) -> [Property] {
        [
            sharesAddUp(engine), uncoveredLinesAccrueNothing(engine), noNegativeAmounts(engine),
            copayWithinAllowed(engine), deductibleComesFirst(engine),
            accumulatorsMoveByTheLinesShares(engine), raisingAllowedNeverLowersAShare(engine), splittingALine(engine),
        ]
    }

    /// For a covered line, deductible + copay + coinsurance + plan pays == allowed, and the patient pays
    /// the cost sharing plus the balance bill; for a line not covered, the patient owes the billed charge.
    static func sharesAddUp(_ engine: ClaimsEngine) -> Property {
        Property("insurer plus patient equals allowed", ClaimsGenerators.planAndLine, promotion: VisitsTable.promotion)
        { input in
            let eob = engine.adjudicate(input.line, input.plan, input.accumulators).explanation
            if eob.isCovered {
                try ensureEqual(
                    eob.costSharing.cents + eob.planPays.cents, input.line.allowed.cents,
                    "cost sharing + plan pays == allowed (cents)")
                let balance = ClaimsRules.balanceBill(input.line)
                try ensureEqual(
                    eob.patientPays.cents, eob.costSharing.cents + balance,
                    "patient pays == cost sharing + balance bill (cents)")
            } else {
                try ensureEqual(
                    eob.patientPays.cents, input.line.billed.cents,
                    "a line not covered: the patient owes the billed charge (cents)")
                try ensureEqual(eob.planPays.cents, 0, "a line not covered: the plan pays nothing (cents)")
            }
            label(eob.isCovered ? "covered" : "not covered: \(eob.reason!.rawValue)")
        }
    }

    /// Excluded lines, lines over a visit limit and out-of-network lines of a plan without that tier
    /// (emergency care excepted) are not covered: the patient owes the billed charge and no
    /// accumulator moves.
    static func uncoveredLinesAccrueNothing(_ engine: ClaimsEngine) -> Property {
        Property(
            "excluded and over-limit lines are not covered and accrue nothing", ClaimsGenerators.planAndLine,
            promotion: VisitsTable.promotion
        ) { input in
            let plan = input.plan, line = input.line
            let overLimit =
                plan.visitLimits[line.category].map { input.accumulators.visits(line.member, line.category) >= $0 }
                ?? false
            guard
                plan.exclusions.contains(line.category) || overLimit || plan.tier(ClaimsRules.network(of: line)) == nil
            else { return }
            label(
                plan.exclusions.contains(line.category)
                    ? "excluded" : overLimit ? "over the visit limit" : "no out-of-network tier")
            let (eob, after) = engine.adjudicate(line, plan, input.accumulators)
            try ensure(!eob.isCovered, "claim \(line.id) (\(line.category), \(line.network)) must not be covered")
            try ensureEqual(eob.patientPays, line.billed, "the patient owes the billed charge")
            try ensureEqual(after, input.accumulators, "accumulators after a line that is not covered")
        }
    }

    static func noNegativeAmounts(_ engine: ClaimsEngine) -> Property {
        Property("no amount is ever negative", ClaimsGenerators.planAndLine, promotion: VisitsTable.promotion) {
            input in
            let (eob, after) = engine.adjudicate(input.line, input.plan, input.accumulators)
            let amounts = [eob.deductible, eob.copay, eob.coinsurance, eob.planPays, eob.balanceBilled, eob.notCovered]
            try ensure(
                amounts.allSatisfy { $0.cents >= 0 },
                "every amount on the explanation of benefits is ≥ 0: \(amounts.map(\.cents))")
            let tiers = after.members.values.flatMap(\.values) + after.family.values
            try ensure(
                tiers.allSatisfy { $0.deductibleMet.cents >= 0 && $0.outOfPocketSpent.cents >= 0 },
                "accumulators are ≥ 0")
        }
    }

    static func copayWithinAllowed(_ engine: ClaimsEngine) -> Property {
        Property(
            "a copay never exceeds the allowed amount", ClaimsGenerators.copayLine, promotion: VisitsTable.promotion
        ) { input in
            let eob = engine.adjudicate(input.line, input.plan, input.accumulators).explanation
            try ensure(eob.copay <= input.line.allowed, "copay \(eob.copay) ≤ allowed \(input.line.allowed)")
        }
    }

    /// Coinsurance applies only to the part of the allowed amount above the deductible (when the
    /// out-of-pocket maximum does not cut the line short).
    static func deductibleComesFirst(_ engine: ClaimsEngine) -> Property {
        Property(
            "coinsurance applies only after the deductible", ClaimsGenerators.planAndLine,
            promotion: VisitsTable.promotion
        ) { input in
            let (eob, after) = engine.adjudicate(input.line, input.plan, input.accumulators)
            let network = ClaimsRules.network(of: input.line)
            guard eob.isCovered,
                input.plan.costSharing(for: input.line.category, in: network) == .coinsuranceAfterDeductible,
                let tier = input.plan.tier(network), !OutOfPocket.isReached(after, plan: input.plan, line: input.line)
            else { return }
            label("deductible partly applies")
            let expected = (try Money(cents: input.line.allowed.cents - eob.deductible.cents)).share(tier.coinsurance)
            try ensureEqual(eob.coinsurance, expected, "coinsurance == rate × (allowed − deductible share)")
        }
    }

    /// The accumulators move by exactly the line's deductible and cost sharing, in the line's tier.
    static func accumulatorsMoveByTheLinesShares(_ engine: ClaimsEngine) -> Property {
        Property(
            "accumulators move by the line's shares", ClaimsGenerators.planAndLine, promotion: VisitsTable.promotion
        ) { input in
            let (eob, after) = engine.adjudicate(input.line, input.plan, input.accumulators)
            let network = ClaimsRules.network(of: input.line), member = input.line.member
            let before = input.accumulators
            try ensureEqual(
                after.member(member, network).deductibleMet.cents - before.member(member, network).deductibleMet.cents,
                eob.deductible.cents, "member deductible accumulator change == the line's deductible (cents)")
            try ensureEqual(
                after.member(member, network).outOfPocketSpent.cents
                    - before.member(member, network).outOfPocketSpent.cents,
                eob.costSharing.cents, "member out-of-pocket change == the line's cost sharing (cents)")
            try ensureEqual(
                after.family(network).outOfPocketSpent.cents - before.family(network).outOfPocketSpent.cents,
                eob.costSharing.cents, "family out-of-pocket change == the line's cost sharing (cents)")
        }
    }

    /// With the accumulators fixed, a larger allowed amount never lowers the patient's or the plan's share.
    static func raisingAllowedNeverLowersAShare(_ engine: ClaimsEngine) -> Property {
        Property(
            "raising the allowed amount never lowers a share",
            Gen.zip(ClaimsGenerators.planAndLine, Gen.cents(in: 0...100_000))
        ) { input, extra in
            let line = input.line
            let raised = try ClaimLine(
                id: line.id, member: line.member, date: line.date, category: line.category, network: line.network,
                billed: Money(cents: line.billed.cents + extra), allowed: Money(cents: line.allowed.cents + extra))
            let low = engine.adjudicate(line, input.plan, input.accumulators).explanation
            let high = engine.adjudicate(raised, input.plan, input.accumulators).explanation
            try ensure(
                high.costSharing >= low.costSharing,
                "patient's cost sharing: \(low.costSharing) at allowed \(line.allowed), "
                    + "\(high.costSharing) at \(raised.allowed)"
            )
            try ensure(
                high.planPays >= low.planPays,
                "plan pays: \(low.planPays) at allowed \(line.allowed), \(high.planPays) at \(raised.allowed)")
        }
    }

    /// Splitting a coinsurance line in two changes the patient's total by at most one cent (rounding).
    /// The condition matters: with copays, two visits cost two copays.
    static func splittingALine(_ engine: ClaimsEngine) -> Property {
        Property(
            "splitting a coinsurance line changes the patient's total by at most a cent",
            Gen.zip(ClaimsGenerators.planAndLine, Gen.int(in: 0...10_000))
        ) { input, share in
            let line = input.line
            guard
                input.plan.costSharing(for: line.category, in: ClaimsRules.network(of: line))
                    == .coinsuranceAfterDeductible,
                input.plan.visitLimits[line.category] == nil, ClaimsRules.network(of: line) == .inNetwork,
                !input.plan.exclusions.contains(line.category)
            else { return }
            label("a coinsurance line split in two")
            let first = line.allowed.cents * share / 10_000
            let part1 = try ClaimLine(
                id: "c01a", member: line.member, date: line.date, category: line.category, allowed: Money(cents: first))
            let part2 = try ClaimLine(
                id: "c01b", member: line.member, date: line.date, category: line.category,
                allowed: Money(cents: line.allowed.cents - first))
            let whole = engine.adjudicate(line, input.plan, input.accumulators).explanation
            let (eob1, middle) = engine.adjudicate(part1, input.plan, input.accumulators)
            let eob2 = engine.adjudicate(part2, input.plan, middle).explanation
            let difference = abs(eob1.patientPays.cents + eob2.patientPays.cents - whole.patientPays.cents)
            try ensure(
                difference <= 1,
                "one line: patient pays \(whole.patientPays); split \(eob1.patientPays) + \(eob2.patientPays)")
        }
    }
}

/// Whether a line's member or family has reached an out-of-pocket maximum in the line's tier.
enum OutOfPocket {
    static func isReached(_ accumulators: Accumulators, plan: Plan, line: ClaimLine) -> Bool {
        isReached(accumulators, plan: plan, member: line.member, network: ClaimsRules.network(of: line))
    }

    static func isReached(_ accumulators: Accumulators, plan: Plan, member: String, network: Network) -> Bool {
        guard let tier = plan.tier(network) else { return false }
        let cap = network == .inNetwork ? plan.memberInNetworkCap : tier.individualOutOfPocketMaximum
        if accumulators.member(member, network).outOfPocketSpent >= cap { return true }
        let familyCap = network == .inNetwork ? plan.familyInNetworkCap : tier.familyOutOfPocketMaximum
        return plan.coverage == .family && accumulators.family(network).outOfPocketSpent >= familyCap
    }
}
