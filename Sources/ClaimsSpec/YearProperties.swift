import Claims
import Tally

/// Invariants of a plan year of claims.
enum YearProperties {
    static func all(_ engine: ClaimsEngine) -> [Property] {
        [
            withinOutOfPocketMaximum(engine), deductibleGrowsWithinItsLimit(engine), nothingAfterTheMaximum(engine),
            onlyCostSharingAccrues(engine), reversalRestores(engine), arrivalOrderDoesNotMatter(engine),
            dateOrderWithOneCostSharing(engine),
        ]
    }

    /// Applies `lines` one by one in date order with the engine's single-line operation, returning each
    /// step's accumulators before and after.
    static func steps(_ engine: ClaimsEngine, _ plan: Plan, _ lines: [ClaimLine]) -> [(
        line: ClaimLine, eob: ExplanationOfBenefitsLine, before: Accumulators, after: Accumulators
    )] {
        var accumulators = Accumulators()
        return lines.sorted { ($0.date, $0.id) < ($1.date, $1.id) }.map { line in
            let (eob, after) = engine.adjudicate(line, plan, accumulators)
            defer { accumulators = after }
            return (line, eob, accumulators, after)
        }
    }

    /// A member's in-network cost sharing in a year never exceeds their cap; the family's never exceeds
    /// the family's (both never above the law's limits of the year).
    static func withinOutOfPocketMaximum(_ engine: ClaimsEngine) -> Property {
        Property("cost sharing stays within the out-of-pocket maximum", ClaimsGenerators.planYear) { year in
            let result = try engine.run(year.plan, year.lines.map { .submit($0) })
            var byMember: [String: Int] = [:]
            for eob in result.explanations where ClaimsRules.network(of: eob.line) == .inNetwork {
                byMember[eob.line.member, default: 0] += eob.costSharing.cents
            }
            for (member, total) in byMember.sorted(by: { $0.key < $1.key }) {
                try ensure(
                    total <= year.plan.memberInNetworkCap.cents,
                    "\(member)'s in-network cost sharing \(Money.text(total)) "
                        + "exceeds the cap \(year.plan.memberInNetworkCap)"
                )
            }
            let family = byMember.values.reduce(0, +)
            if year.plan.coverage == .family {
                try ensure(
                    family <= year.plan.familyInNetworkCap.cents,
                    "the family's in-network cost sharing \(Money.text(family)) exceeds \(year.plan.familyInNetworkCap)"
                )
            }
            // Steers the search toward years that spend the caps, each from its own best year: a cap's bugs
            // live at its edge.
            let memberShare =
                byMember.values.map { Double($0) / Double(max(1, year.plan.memberInNetworkCap.cents)) }.max() ?? 0
            target(memberShare, label: "share of a member's cap spent")
            if year.plan.coverage == .family {
                target(
                    Double(family) / Double(max(1, year.plan.familyInNetworkCap.cents)),
                    label: "share of the family's cap spent")
            }
            cover(
                5,
                byMember.contains { $0.value == year.plan.memberInNetworkCap.cents }
                    || (year.plan.coverage == .family && family == year.plan.familyInNetworkCap.cents),
                "reaches an out-of-pocket maximum")
            cover(
                10,
                result.explanations.contains { $0.isCovered && $0.deductible.cents > 0 && $0.coinsurance.cents > 0 },
                "meets the deductible during a line")
            cover(3, result.explanations.contains { $0.reason == .excluded }, "has an excluded line")
            cover(1, result.explanations.contains { $0.reason == .visitLimitReached }, "goes over a visit limit")
        }
    }

    /// Along the year, each deductible accumulator never decreases and never exceeds its deductible.
    static func deductibleGrowsWithinItsLimit(_ engine: ClaimsEngine) -> Property {
        Property("deductible accumulators only grow, within the deductible", ClaimsGenerators.planYear) { year in
            for step in steps(engine, year.plan, year.lines) {
                let network = ClaimsRules.network(of: step.line)
                guard let tier = year.plan.tier(network) else { continue }
                let before = step.before.member(step.line.member, network).deductibleMet
                let after = step.after.member(step.line.member, network).deductibleMet
                try ensure(
                    after >= before,
                    "\(step.line.member)'s deductible accumulator fell from \(before) to \(after) "
                        + "at claim \(step.line.id)"
                )
                let memberLimit =
                    year.plan.coverage == .family && year.plan.familyDeductible == .aggregate
                    ? tier.familyDeductible : tier.individualDeductible
                try ensure(
                    after <= memberLimit,
                    "\(step.line.member)'s deductible accumulator \(after) exceeds \(memberLimit) "
                        + "after claim \(step.line.id)"
                )
                try ensure(
                    step.after.family(network).deductibleMet <= tier.familyDeductible
                        || year.plan.coverage == .selfOnly,
                    "the family deductible accumulator \(step.after.family(network).deductibleMet) "
                        + "exceeds \(tier.familyDeductible)"
                )
            }
        }
    }

    /// Once a member (or the family) reaches the out-of-pocket maximum, covered in-network lines cost the patient
    /// nothing.
    static func nothingAfterTheMaximum(_ engine: ClaimsEngine) -> Property {
        Property("after the out-of-pocket maximum, covered lines cost nothing", ClaimsGenerators.planYear) { year in
            for step in steps(engine, year.plan, year.lines)
            where step.eob.isCovered && OutOfPocket.isReached(step.before, plan: year.plan, line: step.line) {
                label("a line after the maximum")
                try ensureEqual(
                    step.eob.costSharing, .zero, "cost sharing of claim \(step.line.id) after the maximum was reached")
            }
        }
    }

    /// Only cost sharing of covered lines accrues: excluded, over-limit and balance-billed amounts never do.
    static func onlyCostSharingAccrues(_ engine: ClaimsEngine) -> Property {
        Property("only cost sharing accrues toward the limits", ClaimsGenerators.planYear) { year in
            let result = try engine.run(year.plan, year.lines.map { .submit($0) })
            for member in ClaimsGenerators.members {
                for network in [Network.inNetwork, .outOfNetwork] {
                    let lines = result.explanations.filter {
                        $0.line.member == member && ClaimsRules.network(of: $0.line) == network && $0.isCovered
                    }
                    let expected = lines.map(\.costSharing.cents).reduce(0, +)
                    try ensureEqual(
                        result.accumulators.member(member, network).outOfPocketSpent.cents, expected,
                        "\(member)'s \(network)-network out-of-pocket accumulator == the cost sharing of "
                            + "their covered lines (cents)"
                    )
                }
                for category in ServiceCategory.allCases {
                    let covered = result.explanations.filter {
                        $0.line.member == member && $0.line.category == category && $0.isCovered
                    }.count
                    try ensureEqual(
                        result.accumulators.visits(member, category), covered,
                        "\(member)'s \(category) visits == their covered \(category) lines")
                }
            }
        }
    }

    /// Submitting a claim and reversing it restores every accumulator; submitting a claim twice changes nothing.
    static func reversalRestores(_ engine: ClaimsEngine) -> Property {
        let input = Gen.zip(ClaimsGenerators.planYear, ClaimsGenerators.line(id: "c99"), Gen.int(in: 0...8))
        return Property("reversing a claim restores the accumulators", input) { year, extra, position in
            let events = year.lines.map { ClaimsEngine.Event.submit($0) }
            let baseline = try engine.run(year.plan, events)
            let at = min(position, events.count)
            let withReversal =
                Array(events[..<at]) + [.submit(extra)] + Array(events[at...]) + [.reverse(claimID: extra.id)]
            try ensureEqual(
                engine.run(year.plan, withReversal).accumulators, baseline.accumulators,
                "accumulators after submitting and reversing claim c99")
            try ensureEqual(
                engine.run(year.plan, events + events).accumulators, baseline.accumulators,
                "accumulators after every claim was submitted twice")
            label(events.isEmpty ? "reversal in an empty year" : "reversal among \(events.count) claims")
        }
    }

    /// The year's result does not depend on the order claims arrive in.
    static func arrivalOrderDoesNotMatter(_ engine: ClaimsEngine) -> Property {
        Property("arrival order does not change the year", Gen.zip(ClaimsGenerators.planYear, Gen.int(in: 0...1000))) {
            year, rotation in
            let forward = try engine.run(year.plan, year.lines.map { .submit($0) })
            let shift = year.lines.isEmpty ? 0 : rotation % year.lines.count
            let rotated = Array(year.lines[shift...] + year.lines[..<shift]).reversed()
            let other = try engine.run(year.plan, rotated.map { .submit($0) })
            try ensureEqual(other.accumulators, forward.accumulators, "accumulators for two arrival orders")
            for eob in forward.explanations {
                try ensureEqual(
                    other.explanation(for: eob.line.id)?.patientPays, eob.patientPays,
                    "patient pays for claim \(eob.line.id) in two arrival orders")
            }
        }
    }

    /// When every line shares one coinsurance rule, in network, swapping the dates of service changes the
    /// patient's year total by at most the rounding (a cent a line). Without the condition it is false:
    /// a copay line before or after the deductible is met costs differently (see the spec's tests).
    static func dateOrderWithOneCostSharing(_ engine: ClaimsEngine) -> Property {
        let input = Gen.zip(ClaimsGenerators.tier, ClaimsGenerators.lines(count: 0...6), Gen.int(in: 0...1000))
        return Property("with one cost sharing, the order of dates changes totals only by rounding", input) {
            tier, lines, rotation in
            let plan = try Plan(year: 2026, coverage: .selfOnly, inNetwork: tier)
            let sameRule = try lines.map {
                try ClaimLine(id: $0.id, member: "ann", date: $0.date, category: .specialist, allowed: $0.allowed)
            }
            let total = { (lines: [ClaimLine]) in
                try engine.run(plan, lines.map { .submit($0) }).explanations.map(\.patientPays.cents).reduce(0, +)
            }
            let dates = sameRule.map(\.date)
            let shift = dates.isEmpty ? 0 : rotation % dates.count
            let moved = try zip(sameRule, Array(dates[shift...] + dates[..<shift])).map { line, date in
                try ClaimLine(
                    id: line.id, member: line.member, date: date, category: line.category, allowed: line.allowed)
            }
            let (before, after) = (try total(sameRule), try total(moved))
            try ensure(
                abs(after - before) <= lines.count,
                "patient's year total \(Money.text(before)) vs \(Money.text(after)) with the dates moved")
        }
    }
}

extension Money {
    /// Dollars for a cents total that may exceed the engine's per-amount limit.
    static func text(_ cents: Int) -> String {
        (try? Money(cents: cents))?.description ?? "\(cents) cents"
    }
}
