import ClaimsSpec

@testable import Claims

/// Claims engines with planted bugs, each a mistake real adjudication systems have made. The spec's
/// invariants must catch every one of them.
enum ClaimsMutants {
    static let production = ClaimsEngine.production

    /// Replaces the production single-line operation, keeping plan years built on it; `before` may
    /// change the accumulators before each line, given the line before it.
    static func engine(
        _ name: String,
        before: @escaping @Sendable (_ line: ClaimLine, _ previous: ClaimLine?, inout Accumulators) -> Void = {
            _, _, _ in
        },
        adjudicate:
            @escaping @Sendable (ClaimLine, Plan, Accumulators) -> (
                explanation: ExplanationOfBenefitsLine, accumulators: Accumulators
            )
    ) -> ClaimsEngine {
        ClaimsEngine(
            name: name, adjudicate: adjudicate,
            run: { plan, events in
                var active: [String: ClaimLine] = [:]
                for event in events {
                    switch event {
                    case .submit(let line): active[line.id] = active[line.id] ?? line
                    case .reverse(let id): active[id] = nil
                    }
                }
                var accumulators = Accumulators()
                var explanations: [ExplanationOfBenefitsLine] = []
                var previous: ClaimLine?
                for line in active.values.sorted(by: { ($0.date, $0.id) < ($1.date, $1.id) }) {
                    before(line, previous, &accumulators)
                    previous = line
                    let (explanation, next) = adjudicate(line, plan, accumulators)
                    explanations.append(explanation)
                    accumulators = next
                }
                return PlanYearResult(explanations: explanations, accumulators: accumulators)
            })
    }

    static func explanation(
        _ eob: ExplanationOfBenefitsLine, deductible: Int? = nil, copay: Int? = nil, coinsurance: Int? = nil,
        planPays: Int? = nil
    ) -> ExplanationOfBenefitsLine {
        func money(_ cents: Int?, _ fallback: Money) -> Money { cents.flatMap { try? Money(cents: $0) } ?? fallback }
        return ExplanationOfBenefitsLine(
            line: eob.line, notCovered: eob.notCovered, reason: eob.reason,
            deductible: money(deductible, eob.deductible), copay: money(copay, eob.copay),
            coinsurance: money(coinsurance, eob.coinsurance), planPays: money(planPays, eob.planPays),
            balanceBilled: eob.balanceBilled)
    }

    /// The story's `processVisit`: a copay visit returns early, so the copay neither counts toward the
    /// out-of-pocket maximum nor is capped by it.
    static let storyCopayPath = engine("story copay path") { line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        guard production.explanation.isCovered,
            case .copay(let amount) = plan.costSharing(for: line.category, in: line.network)
        else { return production }
        let copay = min(amount.cents, line.allowed.cents)
        var after = accumulators
        after.visits = production.accumulators.visits
        return (explanation(production.explanation, copay: copay, planPays: line.allowed.cents - copay), after)
    }

    /// The story's `processVisit` again: exclusions are listed but never consulted.
    static let exclusionsIgnored = engine("exclusions ignored") { line, plan, accumulators in
        let covering = try! Plan(
            year: plan.year, coverage: plan.coverage, familyDeductible: plan.familyDeductible,
            inNetwork: plan.inNetwork,
            outOfNetwork: plan.outOfNetwork, costSharing: plan.costSharing, exclusions: [],
            visitLimits: plan.visitLimits)
        return Adjudicator.adjudicate(line, under: covering, with: accumulators)
    }

    /// The story's money in `Double`: the patient's and the plan's coinsurance shares are each
    /// computed in floating point and truncated, so they need not add up to the allowed amount.
    static let floatingPointMoney = engine("floating-point money") { line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        guard production.explanation.coinsurance.cents > 0 || production.explanation.planPays.cents > 0,
            let tier = plan.tier(line.network)
        else { return production }
        let eob = production.explanation
        let rest = Double(line.allowed.cents - eob.deductible.cents - eob.copay.cents)
        let rate = Double(tier.coinsurance.value) / 10_000
        return (
            explanation(
                eob, coinsurance: min(Int(rest * rate), eob.coinsurance.cents), planPays: Int(rest * (1 - rate))),
            production.accumulators
        )
    }

    /// The plan's share rounded half up on its own, where the plan pays what the patient's rounded
    /// coinsurance leaves: on a rest whose coinsurance lands on half a cent, both shares round up and the
    /// two come to a cent more than the allowed amount.
    static let sharesRoundedSeparately = engine("plan and patient shares each rounded") { line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        let eob = production.explanation
        guard eob.isCovered, let tier = plan.tier(line.network) else { return production }
        let rest = line.allowed.cents - eob.deductible.cents - eob.copay.cents
        // Where the out-of-pocket cap took coinsurance back, the plan's share is another matter.
        guard (try? Money(cents: rest))?.share(tier.coinsurance) == eob.coinsurance else { return production }
        let planShare = (rest * (10_000 - tier.coinsurance.value) + 5_000) / 10_000
        return (explanation(eob, planPays: planShare), production.accumulators)
    }

    /// The out-of-pocket cap compares with one cent too much room.
    static let capOffByOneCent = engine("out-of-pocket cap off by one cent") { line, plan, accumulators in
        var roomier = accumulators
        let spent = accumulators.member(line.member, line.network).outOfPocketSpent
        guard spent.cents > 0 else { return Adjudicator.adjudicate(line, under: plan, with: accumulators) }
        roomier.members[line.member, default: [:]][line.network] = TierAccumulator(
            deductibleMet: accumulators.member(line.member, line.network).deductibleMet,
            outOfPocketSpent: try! Money(cents: spent.cents - 1))
        var (eob, after) = Adjudicator.adjudicate(line, under: plan, with: roomier)
        let moved = after.member(line.member, line.network)
        after.members[line.member, default: [:]][line.network] = TierAccumulator(
            deductibleMet: moved.deductibleMet, outOfPocketSpent: try! Money(cents: moved.outOfPocketSpent.cents + 1))
        return (eob, after)
    }

    /// Each member's accumulators move, but the family's never do.
    static let familyNotShared = engine("family accumulators not shared") { line, plan, accumulators in
        var (eob, after) = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        after.family = accumulators.family
        return (eob, after)
    }

    /// Coinsurance computed on the whole allowed amount, before the deductible takes its part.
    static let coinsuranceBeforeDeductible = engine("coinsurance before deductible") { line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        let eob = production.explanation
        guard eob.isCovered, eob.deductible.cents > 0, let tier = plan.tier(line.network),
            plan.costSharing(for: line.category, in: line.network) == .coinsuranceAfterDeductible
        else { return production }
        let coinsurance = line.allowed.share(tier.coinsurance).cents
        let deductible = min(eob.deductible.cents, line.allowed.cents - coinsurance)
        var after = production.accumulators
        let member = after.member(line.member, line.network)
        let costSharing = deductible + coinsurance
        after.members[line.member, default: [:]][line.network] = TierAccumulator(
            deductibleMet: try! Money(cents: member.deductibleMet.cents - eob.deductible.cents + deductible),
            outOfPocketSpent: try! Money(cents: member.outOfPocketSpent.cents - eob.costSharing.cents + costSharing))
        return (
            explanation(
                eob, deductible: deductible, coinsurance: coinsurance, planPays: line.allowed.cents - costSharing),
            after
        )
    }

    /// A copay charged in full when less of the allowed amount is left: a $30 copay on a $12 lab test, the
    /// plan paying nothing. Every copay rule takes its copay from one place that lost its cap.
    static let copayNotCapped = engine("copay not capped at the allowed amount") { line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        let eob = production.explanation
        guard eob.isCovered else { return production }
        switch plan.costSharing(for: line.category, in: plan.network(for: line)) {
        case .copay(let amount), .copayBeforeDeductible(let amount), .copayAfterDeductible(let amount):
            guard amount.cents > line.allowed.cents - eob.deductible.cents else { return production }
            return (explanation(eob, copay: amount.cents, coinsurance: 0, planPays: 0), production.accumulators)
        default:
            return production
        }
    }

    /// A copay after the deductible capped at the allowed amount instead of at what the deductible leaves
    /// of it: on a line the deductible takes whole, the member owes the copay too and the plan pays below zero.
    static let copayAfterDeductibleOverCap = engine("copay after deductible capped at the allowed amount") {
        line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        let eob = production.explanation
        guard eob.isCovered,
            case .copayAfterDeductible(let amount) = plan.costSharing(for: line.category, in: plan.network(for: line))
        else {
            return production
        }
        let copay = min(amount.cents, line.allowed.cents)
        guard copay > eob.copay.cents else { return production }
        let overcharged = ExplanationOfBenefitsLine(
            line: eob.line, notCovered: eob.notCovered, reason: eob.reason, deductible: eob.deductible,
            copay: Money(unchecked: copay),
            coinsurance: eob.coinsurance,
            planPays: Money(unchecked: line.allowed.cents - eob.deductible.cents - copay - eob.coinsurance.cents),
            balanceBilled: eob.balanceBilled)
        return (overcharged, production.accumulators)
    }

    /// A line larger than the room left under the member's out-of-pocket maximum read as reaching the
    /// maximum, so the plan pays it all: a dearer line can cost the member nothing where a cheaper one costs
    /// its cost sharing.
    static let paidInFullPastTheRoom = engine("paid in full when the line exceeds the out-of-pocket room") {
        line, plan, accumulators in
        let production = Adjudicator.adjudicate(line, under: plan, with: accumulators)
        let eob = production.explanation
        let network = plan.network(for: line)
        guard eob.isCovered, eob.costSharing.cents > 0, let tier = plan.tier(network) else { return production }
        let room =
            tier.individualOutOfPocketMaximum.cents - accumulators.member(line.member, network).outOfPocketSpent.cents
        guard line.allowed.cents > room else { return production }
        var after = accumulators
        after.visits = production.accumulators.visits
        return (explanation(eob, deductible: 0, copay: 0, coinsurance: 0, planPays: line.allowed.cents), after)
    }

    /// The deductible met starts again each quarter, a carry-over rule misread: the same lines cost the
    /// member more when their dates spread over more quarters.
    static let deductibleResetEachQuarter = engine(
        "deductible reset each quarter",
        before: { line, previous, accumulators in
            guard let previous, (previous.date.month - 1) / 3 != (line.date.month - 1) / 3 else { return }
            func reset(_ tier: TierAccumulator) -> TierAccumulator {
                TierAccumulator(deductibleMet: .zero, outOfPocketSpent: tier.outOfPocketSpent)
            }
            accumulators.members = accumulators.members.mapValues { $0.mapValues(reset) }
            accumulators.family = accumulators.family.mapValues(reset)
        }
    ) { line, plan, accumulators in
        Adjudicator.adjudicate(line, under: plan, with: accumulators)
    }

    /// Lines adjudicated in the order they arrive rather than by date of service: the deductible falls on
    /// whichever claim came in first.
    static let adjudicatedInArrivalOrder = ClaimsEngine(
        name: "adjudicated in arrival order", adjudicate: production.adjudicate
    ) { (plan, events) throws(ClaimsError) in
        var reversed = Set<String>(), seen = Set<String>()
        for case .reverse(let id) in events { reversed.insert(id) }
        var accumulators = Accumulators()
        var explanations: [ExplanationOfBenefitsLine] = []
        for case .submit(let line) in events where !reversed.contains(line.id) && seen.insert(line.id).inserted {
            let (explanation, next) = Adjudicator.adjudicate(line, under: plan, with: accumulators)
            explanations.append(explanation)
            accumulators = next
        }
        return PlanYearResult(explanations: explanations, accumulators: accumulators)
    }

    /// A reversal takes back the money but forgets to take back the visit it counted.
    static let reversalKeepsVisits = ClaimsEngine(
        name: "reversal keeps visit counts", adjudicate: production.adjudicate
    ) { (plan, events) throws(ClaimsError) in
        let result = try production.run(plan, events)
        var accumulators = result.accumulators
        var submitted: [String: ClaimLine] = [:]
        for event in events {
            switch event {
            case .submit(let line): submitted[line.id] = submitted[line.id] ?? line
            case .reverse(let id):
                if let line = submitted.removeValue(forKey: id) {
                    accumulators.visits[line.member, default: [:]][line.category, default: 0] += 1
                }
            }
        }
        return PlanYearResult(explanations: result.explanations, accumulators: accumulators)
    }

    /// A claim sent again exactly as before (a retry) is refused as a conflicting resubmission, when
    /// it must be accepted and change nothing. Before, the spec dropped what the engine refused, and
    /// with the claim already in the year the totals matched: the bug passed.
    static let retryRefused = ClaimsEngine(name: "retry refused", adjudicate: production.adjudicate) {
        (plan, events) throws(ClaimsError) in
        var submitted: Set<String> = []
        for case .submit(let line) in events {
            guard submitted.insert(line.id).inserted else { throw .conflictingResubmission(line.id) }
        }
        return try production.run(plan, events)
    }
}
