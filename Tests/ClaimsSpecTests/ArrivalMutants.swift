import Claims
import ClaimsSpec

/// Claims engines with planted bugs in how a plan year takes claims as they arrive, each a defect
/// real adjudication systems have had. The arrival properties must catch every one of them.
enum ArrivalMutants {
    static let production = ClaimsEngine.production

    /// `lines` adjudicated one after another in the order given.
    static func adjudicated(_ lines: [ClaimLine], under plan: Plan) -> PlanYearResult {
        var accumulators = Accumulators()
        let explanations = lines.map { line in
            let (explanation, next) = Adjudicator.adjudicate(line, under: plan, with: accumulators)
            accumulators = next
            return explanation
        }
        return PlanYearResult(explanations: explanations, accumulators: accumulators)
    }

    /// The year applied in claim-number order instead of date-of-service order: it passes every table
    /// row whose claim ids follow their dates, and every property that only compares arrival orders.
    static let claimNumberOrder = ClaimsEngine(
        name: "claim-number order", adjudicate: production.adjudicate,
        run: { (plan, events) throws(ClaimsError) in
            let result = try production.run(plan, events)
            return adjudicated(result.explanations.map(\.line).sorted { $0.id < $1.id }, under: plan)
        },
        receive: { plan, events in
            ClaimsEngine.receiveInPlanYear(plan, events).map { receipt in
                let result = adjudicated(receipt.result.explanations.map(\.line).sorted { $0.id < $1.id }, under: plan)
                return Receipt(
                    event: receipt.event, refusal: receipt.refusal,
                    explanation: receipt.explanation.flatMap { result.explanation(for: $0.line.id) },
                    adjustments: receipt.adjustments, result: result)
            }
        })

    /// A void takes the voided claim's shares back out of the accumulators, but leaves every other claim
    /// as it was adjudicated: claims the voided one pushed past the deductible are never re-adjudicated.
    static let voidWithoutReadjudication = ClaimsEngine(
        name: "void without re-adjudication", adjudicate: production.adjudicate, run: production.run
    ) { plan, events in
        var receipts: [Receipt] = []
        for (event, receipt) in zip(events, ClaimsEngine.receiveInPlanYear(plan, events)) {
            guard case .void(let id) = event, receipt.isPosted, let previous = receipts.last?.result,
                let voided = previous.explanation(for: id)
            else {
                receipts.append(receipt)
                continue
            }
            var accumulators = previous.accumulators
            let network = plan.network(for: voided.line), member = voided.line.member
            if voided.isCovered {
                let (memberTier, familyTier) = (accumulators.member(member, network), accumulators.family(network))
                accumulators.members[member]?[network] = takenBack(voided, from: memberTier)
                accumulators.family[network] = takenBack(voided, from: familyTier)
                accumulators.visits[member]?[voided.line.category]? -= 1
            }
            let result = PlanYearResult(
                explanations: previous.explanations.filter { $0.line.id != id }, accumulators: accumulators)
            receipts.append(
                Receipt(
                    event: event, refusal: nil, explanation: nil, adjustments: [Adjustment(before: voided, after: nil)],
                    result: result))
        }
        return receipts
    }

    static func takenBack(_ eob: ExplanationOfBenefitsLine, from tier: TierAccumulator) -> TierAccumulator {
        TierAccumulator(
            deductibleMet: (try? Money(cents: tier.deductibleMet.cents - eob.deductible.cents)) ?? .zero,
            outOfPocketSpent: (try? Money(cents: tier.outOfPocketSpent.cents - eob.costSharing.cents)) ?? .zero)
    }

    /// The reprocessing notice lists only the claims of the member whose claim arrived: a family
    /// member's claim re-adjudicated through the family deductible or maximum changes unannounced.
    static let adjustmentsOfTheMemberOnly = ClaimsEngine(
        name: "adjustments of the member only", adjudicate: production.adjudicate, run: production.run
    ) { plan, events in
        var members: [String: String] = [:]
        return ClaimsEngine.receiveInPlanYear(plan, events).map { receipt in
            if let line = receipt.event.line { members[line.id] = line.member }
            let member = receipt.event.line?.member ?? receipt.adjustments.first?.before.line.member
            return Receipt(
                event: receipt.event, refusal: receipt.refusal, explanation: receipt.explanation,
                adjustments: receipt.adjustments.filter { $0.before.line.member == member }, result: receipt.result)
        }
    }

    /// Duplicates are caught by claim id only: the same service sent again under a new claim number is
    /// posted a second time.
    static let duplicatesByIDOnly = ClaimsEngine(
        name: "duplicates by claim id only", adjudicate: production.adjudicate, run: production.run
    ) { plan, events in
        var year = PlanYear(plan: plan)
        return events.map { event in
            let receipt = year.receive(event)
            guard case .duplicateService? = receipt.refusal, case .claim(let line) = event,
                (try? year.submit(line)) != nil
            else { return receipt }
            return Receipt(
                event: event, refusal: nil, explanation: year.result.explanation(for: line.id), adjustments: [],
                result: year.result)
        }
    }
}

extension ArrivalMutants {
    /// Duplicates matched on member, date, provider and category alone: a second procedure the same
    /// day, billed at another amount, is refused as a resend of the first and never paid.
    static let duplicatesWithoutAmounts = ClaimsEngine(
        name: "duplicates without amounts", adjudicate: production.adjudicate, run: production.run
    ) { plan, events in
        var year = PlanYear(plan: plan)
        return events.map { event in
            guard case .claim(let line) = event, year.claims[line.id] == nil,
                let original = year.claims.values.first(where: {
                    ($0.member, $0.date, $0.provider, $0.category) == (
                        line.member, line.date, line.provider, line.category
                    )
                })
            else { return year.receive(event) }
            return Receipt(
                event: event, refusal: .duplicateService(claim: line.id, of: original.id), explanation: nil,
                adjustments: [], result: year.result)
        }
    }

    /// Duplicates matched on the network too: the same service sent again marked with the other network
    /// is posted, and paid, a second time.
    static let duplicatesByNetworkToo = ClaimsEngine(
        name: "duplicates by network too", adjudicate: production.adjudicate, run: production.run
    ) { plan, events in
        var year = PlanYear(plan: plan)
        return events.map { event in
            let receipt = year.receive(event)
            guard case .duplicateService(_, let originalID)? = receipt.refusal, case .claim(let line) = event,
                year.claims[originalID]?.network != line.network, (try? year.submit(line)) != nil
            else { return receipt }
            return Receipt(
                event: event, refusal: nil, explanation: year.result.explanation(for: line.id), adjustments: [],
                result: year.result)
        }
    }
}
