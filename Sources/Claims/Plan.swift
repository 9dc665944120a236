/// A health plan's benefits for one plan year: tiers, cost sharing by category, exclusions, visit
/// limits, and how a family's deductible works.
///
/// ```swift
/// let plan = try Plan(
///     year: 2026, coverage: .selfOnly,
///     inNetwork: Tier(individualDeductible: Money(cents: 100_000), coinsurance: BasisPoints(2_000),
///                     individualOutOfPocketMaximum: Money(cents: 500_000)),
///     costSharing: [.primaryCare: .copay(Money(cents: 4_000))])
/// ```
public struct Plan: Hashable, Sendable {
    /// Who the plan covers.
    public enum Coverage: String, Hashable, Sendable, CaseIterable {
        /// One member.
        case selfOnly = "self-only"
        /// A family: every member has individual limits inside the family's.
        case family
    }

    /// How a family plan's deductible works.
    public enum FamilyDeductible: String, Hashable, Sendable, CaseIterable {
        /// Each member has an individual deductible inside the family deductible: a member's
        /// coinsurance starts when they meet theirs or the family meets the family's.
        case embedded
        /// One deductible for the family: no member's coinsurance starts until the family meets it.
        case aggregate
    }

    /// The plan year, for the legal out-of-pocket limits.
    public let year: Int
    /// Self-only or family.
    public let coverage: Coverage
    /// Embedded or aggregate family deductible.
    public let familyDeductible: FamilyDeductible
    /// The in-network tier.
    public let inNetwork: Tier
    /// The out-of-network tier; `nil` when the plan covers nothing out of network (an HMO or EPO).
    public let outOfNetwork: Tier?
    /// In-network cost sharing by category; categories not listed use coinsurance after the deductible.
    /// Preventive care is covered in full in network whatever is listed (ACA §2713). Out of network,
    /// every category uses the deductible and coinsurance.
    public let costSharing: [ServiceCategory: CostSharing]
    /// Categories the plan does not cover.
    public let exclusions: Set<ServiceCategory>
    /// Covered visits per member per year, by category; visits beyond are not covered.
    public let visitLimits: [ServiceCategory: Int]

    /// A plan; throws when it is inconsistent (see ``ClaimsError``).
    public init(
        year: Int, coverage: Coverage, familyDeductible: FamilyDeductible = .embedded,
        inNetwork: Tier, outOfNetwork: Tier? = nil,
        costSharing: [ServiceCategory: CostSharing] = [:], exclusions: Set<ServiceCategory> = [],
        visitLimits: [ServiceCategory: Int] = [:]
    ) throws(ClaimsError) {
        for (category, limit) in visitLimits where limit < 0 { throw .negativeVisitLimit(category) }
        self.year = year
        self.coverage = coverage
        self.familyDeductible = familyDeductible
        self.inNetwork = inNetwork
        self.outOfNetwork = outOfNetwork
        self.costSharing = costSharing
        self.exclusions = exclusions
        self.visitLimits = visitLimits
    }

    /// What the plan does for `category` in `network`. In network, preventive care is free of cost
    /// sharing by law (ACA §2713), whatever the plan filed.
    public func costSharing(for category: ServiceCategory, in network: Network) -> CostSharing {
        guard network == .inNetwork else { return .coinsuranceAfterDeductible }
        guard category != .preventive else { return .noCharge }
        return costSharing[category] ?? .coinsuranceAfterDeductible
    }

    /// The network a line is adjudicated in: its own, except emergency care, which is adjudicated as in
    /// network wherever it is given (ACA §2719A; No Surprises Act, no balance billing).
    public func network(for line: ClaimLine) -> Network {
        line.category == .emergencyRoom ? .inNetwork : line.network
    }

    /// The tier of `network`, or `nil` when the plan does not cover it.
    public func tier(_ network: Network) -> Tier? {
        network == .inNetwork ? inNetwork : outOfNetwork
    }

    /// The most one member pays in network in a year: the plan's individual maximum, and never more
    /// than the law's self-only limit of the year (ACA; in a family plan, the embedded individual limit).
    public var memberInNetworkCap: Money {
        guard let limits = OutOfPocketLimits.forYear(year) else { return inNetwork.individualOutOfPocketMaximum }
        return Money.minimum(inNetwork.individualOutOfPocketMaximum, limits.selfOnly)
    }

    /// The most a family pays in network in a year: the plan's family maximum, and never more than the
    /// law's family limit of the year.
    public var familyInNetworkCap: Money {
        guard let limits = OutOfPocketLimits.forYear(year) else { return inNetwork.familyOutOfPocketMaximum }
        return Money.minimum(inNetwork.familyOutOfPocketMaximum, limits.family)
    }

    /// What a regulator would flag: out-of-pocket maximums above the law's limits for the plan year.
    public var warnings: [String] {
        guard let limits = OutOfPocketLimits.forYear(year) else {
            return [
                "the engine does not know the out-of-pocket limits of \(year); the plan is not checked against them"
            ]
        }
        var warnings: [String] = []
        if inNetwork.individualOutOfPocketMaximum > limits.selfOnly {
            warnings.append(
                "the individual out-of-pocket maximum \(inNetwork.individualOutOfPocketMaximum) exceeds the \(year) "
                    + "self-only limit of "
                    + "\(limits.selfOnly)\(coverage == .family ? "; each member is capped at \(limits.selfOnly)" : "")"
            )
        }
        if coverage == .family, inNetwork.familyOutOfPocketMaximum > limits.family {
            warnings.append(
                "the family out-of-pocket maximum \(inNetwork.familyOutOfPocketMaximum) exceeds the \(year) "
                    + "family limit of \(limits.family)"
            )
        }
        return warnings
    }
}
