import Claims
import Tally

/// Invariants of a plan year received as a payer receives it: late claims, voids, replacements, resends.
enum ArrivalProperties {
    static func all(_ engine: ClaimsEngine) -> [Property] {
        [
            arrivalOrderEndsAsDateOrder(engine), voidingTheLastClaimRestores(engine),
            adjustmentsAccountForEveryChange(engine),
            nothingIsPostedTwice(engine),
        ]
    }

    static let emptyYear = PlanYearResult(explanations: [], accumulators: Accumulators())

    /// The spec's own year: `lines` adjudicated one by one in date-of-service order, same dates by claim id,
    /// with the engine's single-line operation.
    static func dateOrder(_ engine: ClaimsEngine, _ plan: Plan, _ lines: [ClaimLine]) -> PlanYearResult {
        let steps = YearProperties.steps(engine, plan, lines)
        return PlanYearResult(explanations: steps.map(\.eob), accumulators: steps.last?.after ?? Accumulators())
    }

    /// Fails unless every receipt was posted: the cases send only events a correct engine posts.
    static func ensurePosted(_ receipts: [Receipt]) throws {
        for receipt in receipts {
            try ensure(
                receipt.isPosted, "\(receipt.event) was refused: \(receipt.refusal.map(String.init(describing:)) ?? "")"
            )
        }
    }

    /// Fails unless `actual` and `expected` are the same year: what the patient pays claim by claim first
    /// (the most telling difference), then each claim's explanation, then the accumulators, where an
    /// accumulator at zero and one never opened are the same.
    static func ensureSameYear(
        _ actual: PlanYearResult, _ expected: PlanYearResult, _ what: String, _ reference: String
    ) throws {
        let (actualByID, expectedByID) = (byID(actual), byID(expected))
        let ids = Set(actualByID.keys).union(expectedByID.keys).sorted()
        for id in ids {
            let (got, wanted) = (
                actualByID[id]?.patientPays.description ?? "nothing",
                expectedByID[id]?.patientPays.description ?? "nothing"
            )
            try ensure(got == wanted, "claim \(id): the patient pays \(got) \(what), \(wanted) \(reference)")
        }
        for id in ids {
            try ensureEqual(actualByID[id], expectedByID[id], "claim \(id)'s explanation \(what) == \(reference)")
        }
        try ensureEqual(
            ClaimsRules.opened(actual.accumulators), ClaimsRules.opened(expected.accumulators),
            "accumulators \(what) == \(reference)")
    }

    /// Whatever order the claims arrive in, the year ends as if they had arrived in date-of-service order.
    static func arrivalOrderEndsAsDateOrder(_ engine: ClaimsEngine) -> Property {
        Property("any arrival order ends as date-of-service order", ArrivalGenerators.outOfOrder) { arrival in
            let receipts = engine.receive(arrival.plan, arrival.events)
            try ensurePosted(receipts)
            let lines = arrival.events.compactMap(\.line)
            let late = lines.indices.contains { index in lines[..<index].contains { $0.date > lines[index].date } }
            cover(30, late, "a claim arrives after a claim of a later date")
            try ensureSameYear(
                receipts.last?.result ?? emptyYear, dateOrder(engine, arrival.plan, arrival.activeLines),
                "after the arrivals", "in date-of-service order")
        }
    }

    /// Receiving one more claim and voiding it leaves the year exactly as it was before that claim.
    static func voidingTheLastClaimRestores(_ engine: ClaimsEngine) -> Property {
        Property("voiding the last claim restores the year before it", ArrivalGenerators.voidedLast) { arrival in
            let receipts = engine.receive(arrival.plan, arrival.events)
            try ensurePosted(receipts)
            let before = receipts.dropLast(2).last?.result ?? emptyYear
            let voided = arrival.events.compactMap(\.line).last!
            cover(
                20, before.explanations.contains { $0.line.date > voided.date },
                "the voided claim is dated before another")
            try ensureSameYear(
                receipts.last?.result ?? emptyYear, before, "after claim \(voided.id) and its void", "before it")
        }
    }

    /// Each receipt's adjustments list exactly the earlier claims whose explanation changed, with their old
    /// and new explanations; with the new claim's explanation, they add up to the change of the year's totals.
    static func adjustmentsAccountForEveryChange(_ engine: ClaimsEngine) -> Property {
        Property("adjustments account for every change", ArrivalGenerators.corrected) { arrival in
            var before = emptyYear
            let receipts = engine.receive(arrival.plan, arrival.events)
            try ensurePosted(receipts)
            for receipt in receipts {
                let old = byID(before), new = byID(receipt.result)
                let changed = old.filter { new[$0.key] != $0.value }.keys.sorted()
                try ensureEqual(
                    receipt.adjustments.map(\.claimID).sorted(), changed,
                    "claims adjusted by \(receipt.event) == claims it changed")
                for adjustment in receipt.adjustments {
                    try ensureEqual(
                        adjustment.before, old[adjustment.claimID],
                        "\(adjustment.claimID)'s explanation before \(receipt.event)")
                    try ensureEqual(
                        adjustment.after, new[adjustment.claimID],
                        "\(adjustment.claimID)'s explanation after \(receipt.event)")
                }
                let brought = new.filter { old[$0.key] == nil }.values
                let patient =
                    receipt.adjustments.map(\.patientDifference).reduce(0, +)
                    + brought.map(\.patientPays.cents).reduce(0, +)
                try ensureEqual(
                    patient, total(receipt.result, \.patientPays) - total(before, \.patientPays),
                    "adjustments and new claims of \(receipt.event) == the change of what the patient pays (cents)")
                let plan =
                    receipt.adjustments.map(\.planDifference).reduce(0, +) + brought.map(\.planPays.cents).reduce(0, +)
                try ensureEqual(
                    plan, total(receipt.result, \.planPays) - total(before, \.planPays),
                    "adjustments and new claims of \(receipt.event) == the change of what the plan pays (cents)")
                cover(5, receipt.adjustments.contains { $0.after != nil }, "a correction re-adjudicates another claim")
                before = receipt.result
            }
        }
    }

    /// A claim sent again — its id again, or the same service under another id, whatever network it is
    /// marked with — is refused and changes nothing; a claim alike but for the member, the date, the
    /// provider, the category or an amount is another service (a second patient, visit or procedure) and
    /// is posted.
    static func nothingIsPostedTwice(_ engine: ClaimsEngine) -> Property {
        Property("nothing is posted twice", ArrivalGenerators.resent) { arrival in
            let receipts = engine.receive(arrival.plan, arrival.events)
            cover(
                30, zip(arrival.events, receipts).contains { $0.line?.id.hasPrefix("d") == true && $1.isPosted },
                "a claim alike but for one field of the service is posted")
            var originals: [ClaimEvent] = []
            for (event, receipt) in zip(arrival.events, receipts) {
                guard let line = event.line else { continue }
                if let original = originals.compactMap(\.line).first(where: { ClaimsRules.isResend(line, of: $0) }) {
                    try ensure(!receipt.isPosted, "claim \(line.id) resends claim \(original.id) but was posted")
                    label(line.id == original.id ? "the same claim again" : "the same service under a new id")
                } else {
                    try ensure(
                        receipt.isPosted, "\(event) was refused: \(receipt.refusal.map(String.init(describing:)) ?? "")"
                    )
                    originals.append(event)
                }
            }
            try ensureSameYear(
                receipts.last?.result ?? emptyYear, engine.receive(arrival.plan, originals).last?.result ?? emptyYear,
                "with the resends", "without them")
        }
    }

    static func byID(_ result: PlanYearResult) -> [String: ExplanationOfBenefitsLine] {
        Dictionary(result.explanations.map { ($0.line.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func total(_ result: PlanYearResult, _ amount: KeyPath<ExplanationOfBenefitsLine, Money>) -> Int {
        result.explanations.map { $0[keyPath: amount].cents }.reduce(0, +)
    }
}
