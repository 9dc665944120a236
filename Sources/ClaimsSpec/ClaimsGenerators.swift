import Claims
import Tally

/// Generators of realistic plans, claim lines and plan years, valid by construction.
public enum ClaimsGenerators {
    /// Members of generated families.
    public static let members = ["ann", "ben", "cy"]

    static func money(_ range: ClosedRange<Int>) -> some Generator<Money> {
        Gen.cents(in: range).map { (try? Money(cents: $0)) ?? .zero }
    }

    /// The terms of a tier: deductible up to $3,000, coinsurance 0–50% in steps of 5% (of 500 basis
    /// points), and how far the out-of-pocket maximum is above the deductible, up to $9,000.
    typealias TierTerms = (deductible: Int, coinsuranceSteps: Int, extra: Int)
    static let tierTerms = Gen.zip(Gen.cents(in: 0...300_000), Gen.int(in: 0...10), Gen.cents(in: 0...900_000))
        .map { TierTerms($0, $1, $2) }

    static func tier(_ terms: TierTerms) throws -> Tier {
        let deductible = try Money(cents: terms.deductible)
        let maximum = (try? Money(cents: terms.deductible + terms.extra)) ?? deductible
        return try Tier(
            individualDeductible: deductible, coinsurance: BasisPoints(terms.coinsuranceSteps * 500),
            individualOutOfPocketMaximum: maximum)
    }

    /// A tier: deductible up to $3,000, coinsurance 0–50% in steps of 5%, an out-of-pocket maximum at
    /// least the deductible and up to $12,000 (sometimes above the law's limit, on purpose).
    public static let tier: Gen<Tier> = EngineValues.built(
        "tier", from: tierTerms, standIns: [(0, 0, 100_000), (100, 0, 100_000)], tier)

    /// One category's cost sharing, copays up to $100.
    public static let costSharing: Gen<CostSharing> = {
        let copay = money(0...10_000)
        let alternatives: [any Generator<CostSharing>] = [
            Gen<CostSharing>.constant(.coinsuranceAfterDeductible),
            copay.map { CostSharing.copay($0) },
            copay.map { CostSharing.copayAfterDeductible($0) },
            copay.map { CostSharing.copayBeforeDeductible($0) },
            Gen<CostSharing>.constant(.noChargeAfterDeductible),
            Gen<CostSharing>.constant(.noCharge),
        ]
        return Gen<CostSharing>.oneOf(alternatives)
    }()

    /// A plan for 2026: self-only or family, embedded or aggregate, with or without an out-of-network
    /// tier, some categories with their own cost sharing, sometimes an exclusion and a visit limit.
    public static let plan: Gen<Plan> = {
        let coverage: Gen<Plan.Coverage> = Gen.element(of: [Plan.Coverage.selfOnly, .family])
        let deductibleKind: Gen<Plan.FamilyDeductible> = Gen.element(of: [Plan.FamilyDeductible.embedded, .aggregate])
        let categorySharing: Gen<(ServiceCategory, CostSharing)> = Gen.zip(Gen<ServiceCategory>.anyCase, costSharing)
        let sharing: Gen<[(ServiceCategory, CostSharing)]> = categorySharing.array(length: 0...4)
        let exclusion: Gen<ServiceCategory?> = Gen<ServiceCategory>.anyCase.optional
        let limit: Gen<Int?> = Gen.int(in: 0...3).optional
        let parts = Gen.zip(
            coverage, deductibleKind, Gen(tierTerms), Gen(tierTerms).optional, sharing, exclusion, limit)
        let standIn: PlanTerms = (.selfOnly, .embedded, (0, 0, 100_000), nil, [], nil, nil)
        return EngineValues.built("plan", from: parts, standIns: [standIn]) { (parts: PlanTerms) throws -> Plan in
            let (coverage, deductibleKind, inNetwork, outOfNetwork, sharing, exclusion, limit) = parts
            let rules = Dictionary(sharing, uniquingKeysWith: { first, _ in first })
            return try Plan(
                year: 2026, coverage: coverage, familyDeductible: deductibleKind, inNetwork: tier(inNetwork),
                outOfNetwork: outOfNetwork.map(tier), costSharing: rules,
                exclusions: exclusion.map { [$0] } ?? [], visitLimits: limit.map { [.physicalTherapy: $0] } ?? [:])
        }
    }()

    typealias PlanTerms = (
        Plan.Coverage, Plan.FamilyDeductible, TierTerms, TierTerms?, [(ServiceCategory, CostSharing)], ServiceCategory?,
        Int?
    )

    /// A claim line in 2026 for one of ``members``: three in four in network, as most claims are; allowed up
    /// to $5,000, one line in four up to $100 (a lab test, a generic drug: amounts below a copay or a
    /// deductible's rest), billed above it out of network.
    public static func line(id: String) -> Gen<ClaimLine> {
        let allowed = Gen<Int>.frequency([(3, Gen.cents(in: 0...500_000)), (1, Gen.cents(in: 0...10_000))])
        let terms = Gen.zip(
            Gen.element(of: members), Gen.int(in: 1...12), Gen.int(in: 1...28),
            Gen.element(of: ServiceCategory.allCases),
            Gen.element(of: [Network.inNetwork, .inNetwork, .inNetwork, .outOfNetwork]),
            allowed, Gen.cents(in: 0...100_000))
        return EngineValues.built(
            "claim line", from: terms, standIns: [(members[0], 1, 1, .primaryCare, .inNetwork, 0, 0)]
        ) {
            member, month, day, category, network, allowed, markup in
            let allowed = try Money(cents: allowed)
            return try ClaimLine(
                id: id, member: member, date: ServiceDate.known(year: 2026, month: month, day: day), category: category,
                network: network, billed: network == .outOfNetwork ? allowed + Money(cents: markup) : allowed,
                allowed: allowed)
        }
    }

    /// Up to `count` claim lines with ids `c01`, `c02`, …, in that order. Drawn as an array, so the
    /// shrinker removes whole lines.
    public static func lines(count: ClosedRange<Int>) -> Gen<[ClaimLine]> {
        Gen(
            line(id: "c00").array(length: count).map { lines in
                lines.enumerated().map { index, line in
                    line.changing(id: claimID(index))
                }
            })
    }

    /// `c01`, `c02`, … so that ids sort as they are numbered.
    static func claimID(_ index: Int) -> String { index < 9 ? "c0\(index + 1)" : "c\(index + 1)" }

    /// Accumulators as a plan year might have them partway: some deductible met and some spent, within the plan's
    /// limits.
    public static func accumulators(for plan: Plan) -> Gen<Accumulators> {
        Gen(
            Gen.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...10_000)).map { deductibleShare, spentShare in
                var accumulators = Accumulators()
                let deductible = Money.scaled(plan.inNetwork.individualDeductible, by: deductibleShare)
                let ceiling = plan.memberInNetworkCap
                let spent = Money.scaled(ceiling, by: spentShare)
                let met = deductible < spent ? deductible : spent
                let tier = TierAccumulator(deductibleMet: met, outOfPocketSpent: spent)
                accumulators.members[members[0]] = [.inNetwork: tier]
                accumulators.family = [.inNetwork: tier]
                return accumulators
            })
    }

    /// A plan, starting accumulators and one line, for line-level properties. Four lines in five are of a
    /// category the plan gives cost sharing of its own, when it gives one (the simplest pick keeps the
    /// line's own category): drawn apart, a line met a copay rule of its plan one time in sixteen (now one in
    /// five), and a copay charged beyond a small allowed amount went unseen in 100 cases.
    public static let planAndLine: Gen<LineCase> = plan.flatMap { plan in
        let ruled = plan.costSharing.keys.sorted { $0.rawValue < $1.rawValue }
        return Gen.zip(accumulators(for: plan), line(id: "c01"), Gen.int(in: 0...4)).map { accumulators, line, pick in
            guard pick > 0, !ruled.isEmpty else { return LineCase(plan: plan, accumulators: accumulators, line: line) }
            return LineCase(
                plan: plan, accumulators: accumulators, line: line.changing(category: ruled[(pick - 1) % ruled.count]))
        }
    }

    /// A plan, accumulators and a line in network whose category the plan gives a copay rule (a copay, then
    /// or before the deductible): the lines a copay property is about, which ``planAndLine`` draws one time
    /// in five.
    public static let copayLine: Gen<LineCase> = Gen(
        Gen.zip(planAndLine, copayRule).map { drawn, rule in
            let (plan, line) = (drawn.plan, drawn.line)
            guard
                let ruled = try? Plan(
                    year: plan.year, coverage: plan.coverage, familyDeductible: plan.familyDeductible,
                    inNetwork: plan.inNetwork,
                    outOfNetwork: plan.outOfNetwork,
                    costSharing: plan.costSharing.merging([line.category: rule]) { $1 },
                    exclusions: plan.exclusions, visitLimits: plan.visitLimits)
            else { return drawn }
            return LineCase(
                plan: ruled, accumulators: drawn.accumulators,
                line: line.changing(network: .inNetwork, billed: line.allowed))
        })

    /// One of the three copay rules of ``costSharing``, copays up to $100.
    static let copayRule: Gen<CostSharing> = {
        let copay = money(0...10_000)
        return Gen<CostSharing>.oneOf([
            copay.map { CostSharing.copay($0) }, copay.map { CostSharing.copayAfterDeductible($0) },
            copay.map { CostSharing.copayBeforeDeductible($0) },
        ])
    }()

    /// A plan and a plan year of up to 8 lines.
    public static let planYear: Gen<YearCase> = Gen(
        Gen.zip(plan, lines(count: 0...8)).map { YearCase(plan: $0, lines: $1) })
}

/// One claim line against a plan and accumulators.
public struct LineCase: Sendable, CustomStringConvertible {
    /// The plan.
    public var plan: Plan
    /// The accumulators before the line.
    public var accumulators: Accumulators
    /// The line.
    public var line: ClaimLine

    /// A short summary for counterexamples.
    public var description: String {
        "\(ClaimsDescriptions.plan(plan))\n\(ClaimsDescriptions.accumulators(accumulators))\n"
            + "\(ClaimsDescriptions.line(line))"
    }
}

/// A plan year's lines against a plan.
public struct YearCase: Sendable, CustomStringConvertible {
    /// The plan.
    public var plan: Plan
    /// The lines, in arrival order.
    public var lines: [ClaimLine]

    /// A short summary for counterexamples.
    public var description: String {
        ([ClaimsDescriptions.plan(plan)] + lines.map(ClaimsDescriptions.line)).joined(separator: "\n")
    }
}

extension Money {
    /// `amount × share / 10,000`, for spreading generated accumulators over a limit.
    static func scaled(_ amount: Money, by share: Int) -> Money {
        (try? Money(cents: amount.cents * share / 10_000)) ?? .zero
    }
}
