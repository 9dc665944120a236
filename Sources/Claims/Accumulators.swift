/// What a member or family has paid toward the limits of one network tier in the plan year.
public struct TierAccumulator: Hashable, Sendable {
    /// Paid toward the deductible.
    public var deductibleMet: Money = .zero
    /// Paid toward the out-of-pocket maximum (deductible, copays and coinsurance).
    public var outOfPocketSpent: Money = .zero

    /// Nothing paid yet.
    public init(deductibleMet: Money = .zero, outOfPocketSpent: Money = .zero) {
        self.deductibleMet = deductibleMet
        self.outOfPocketSpent = outOfPocketSpent
    }
}

/// Everything the plan year has accumulated, per member and for the family.
public struct Accumulators: Hashable, Sendable {
    /// Per member, per network tier.
    public var members: [String: [Network: TierAccumulator]] = [:]
    /// The family's totals, per network tier.
    public var family: [Network: TierAccumulator] = [:]
    /// Covered visits per member per category.
    public var visits: [String: [ServiceCategory: Int]] = [:]

    /// A plan year with nothing accumulated.
    public init() {}

    /// The member's accumulator in `network`.
    public func member(_ member: String, _ network: Network) -> TierAccumulator {
        members[member]?[network] ?? TierAccumulator()
    }

    /// The family's accumulator in `network`.
    public func family(_ network: Network) -> TierAccumulator {
        family[network] ?? TierAccumulator()
    }

    /// Covered visits of `member` in `category` so far.
    public func visits(_ member: String, _ category: ServiceCategory) -> Int {
        visits[member]?[category] ?? 0
    }
}
