import Claims
import TallyTables

/// `Tables/claims/corrections.csv`: plan years as a payer receives them, one event per row — a claim, a
/// void, a replacement — with what each step did and the year's accumulators after it.
///
/// Each scenario names a plan of `Tables/claims/plans.csv`. A `claim` row brings claim `claim`; a `void`
/// row voids claim `voids`; a `replace` row voids claim `voids` and brings claim `claim` in its place.
/// `voids` must name a claim of an earlier step of the scenario: a misspelled id is reported where it
/// is, with the nearest ids, before anything runs. The accumulator columns are the in-network ones of
/// the row's member (a void row's: the voided claim's member) and of the family.
enum CorrectionsTable {
    static let spec = TableSpec(
        "corrections",
        columns: [
            .input("scenario", .text),
            .reference("plan", to: PlansTable.setup),
            .input("action", .oneOf(["claim", "void", "replace"])),
            .input("claim", .text.optional),
            .earlierStep("voids", naming: "claim"),
            .input("member", .text.optional),
            .input("date", .date.optional),
            .input("provider", .text.optional, required: false),
            .input("network", .oneOf(Network.allCases.map(\.rawValue)).optional, required: false),
            .input("category", .oneOf(ServiceCategory.allCases.map(\.rawValue)).optional),
            .input("allowed", .money.optional),
            .output("outcome?", .text),
            .output("patient pays?", .money),
            .output("plan pays?", .money),
            .output("adjustments?", AdjustmentCells.kind),
            .output("member deductible met?", .money),
            .output("family deductible met?", .money),
            .output("member oop?", .money),
            .output("family oop?", .money),
            .output("member visits?", .integer, required: false),
        ], scenarioColumn: "scenario"
    ) { row in
        var year = PlanYear(plan: try row.lookUp("plan", in: PlansTable.setup))
        var receipt: Receipt?
        var member = ""
        for step in row.previousSteps + [row] {
            let event = try event(of: step)
            member = event.line?.member ?? (try? step.text("voids")).flatMap { year.claims[$0]?.member } ?? member
            receipt = year.receive(event)
        }
        guard let receipt else { return [:] }
        let accumulators = receipt.result.accumulators
        var outputs: [String: CellValue] = [
            "outcome?": .text(receipt.refusal?.description ?? "posted"),
            "member deductible met?": .money(accumulators.member(member, .inNetwork).deductibleMet.cents),
            "family deductible met?": .money(accumulators.family(.inNetwork).deductibleMet.cents),
            "member oop?": .money(accumulators.member(member, .inNetwork).outOfPocketSpent.cents),
            "family oop?": .money(accumulators.family(.inNetwork).outOfPocketSpent.cents),
            "member visits?": .integer(accumulators.visits[member, default: [:]].values.reduce(0, +)),
        ]
        if let eob = receipt.explanation {
            outputs["patient pays?"] = .money(eob.patientPays.cents)
            outputs["plan pays?"] = .money(eob.planPays.cents)
        }
        if !receipt.adjustments.isEmpty {
            outputs["adjustments?"] = .text(receipt.adjustments.map(\.description).joined(separator: "; "))
        }
        return outputs
    }
    .sameThroughEachScenario(["plan"])
    // A void row names its claim in "voids": without it a void's amounts would stand beside no claim.
    .identifyingRows(by: ["scenario", "action", "claim", "voids", "date"])

    /// The event a step describes; throws when its cells do not fit its action.
    static func event(of step: TableRowInput) throws -> ClaimEvent {
        let action = try step.text("action")
        let needsLine = action != "void", needsVoid = action != "claim"
        guard step.isEmpty("voids") != needsVoid, step.isEmpty("claim") != needsLine else {
            throw SetupTableError(
                "\(step.location): a \(action) row gives \(needsLine ? "a claim" : "no claim") "
                    + "and \(needsVoid ? "the claim it voids in \"voids\"" : "an empty \"voids\"")"
            )
        }
        guard needsLine else { return .void(try step.text("voids")) }
        let line = try ClaimLine.described(by: step)
        return needsVoid ? .replace(try step.text("voids"), with: line) : .claim(line)
    }
}
