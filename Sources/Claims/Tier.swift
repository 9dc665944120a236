/// The deductible, coinsurance and out-of-pocket maximum of one network tier of a plan.
public struct Tier: Hashable, Sendable {
    /// What one member pays before the plan shares costs.
    public let individualDeductible: Money
    /// What the family pays in total before the plan shares costs (family plans).
    public let familyDeductible: Money
    /// The member's share after the deductible, for categories with coinsurance.
    public let coinsurance: BasisPoints
    /// The most one member pays in a year for covered services in this tier.
    public let individualOutOfPocketMaximum: Money
    /// The most the family pays in a year for covered services in this tier.
    public let familyOutOfPocketMaximum: Money

    /// A tier; throws when a deductible exceeds its out-of-pocket maximum or an individual amount
    /// exceeds the family one.
    public init(
        individualDeductible: Money, familyDeductible: Money? = nil, coinsurance: BasisPoints,
        individualOutOfPocketMaximum: Money, familyOutOfPocketMaximum: Money? = nil, name: String = "tier"
    ) throws(ClaimsError) {
        let familyDeductible = familyDeductible ?? individualDeductible + individualDeductible
        let familyMaximum = familyOutOfPocketMaximum ?? individualOutOfPocketMaximum + individualOutOfPocketMaximum
        guard individualDeductible <= individualOutOfPocketMaximum, familyDeductible <= familyMaximum else {
            throw .deductibleExceedsOutOfPocketMaximum(tier: name)
        }
        guard individualDeductible <= familyDeductible else { throw .individualExceedsFamily("deductible") }
        guard individualOutOfPocketMaximum <= familyMaximum else {
            throw .individualExceedsFamily("out-of-pocket maximum")
        }
        self.individualDeductible = individualDeductible
        self.familyDeductible = familyDeductible
        self.coinsurance = coinsurance
        self.individualOutOfPocketMaximum = individualOutOfPocketMaximum
        self.familyOutOfPocketMaximum = familyMaximum
    }
}
