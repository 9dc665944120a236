/// Why the claims engine refused an input. The engine never traps on bad input: it throws one of these.
public enum ClaimsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An amount below zero, in cents.
    case negativeAmount(Int)
    /// An amount above ``Money/limit``, in cents.
    case amountOutOfBounds(Int)
    /// A coinsurance rate outside 0%...100%, in basis points.
    case coinsuranceOutOfRange(Int)
    /// A deductible larger than the out-of-pocket maximum of its tier.
    case deductibleExceedsOutOfPocketMaximum(tier: String)
    /// An individual amount larger than the family amount of the same kind.
    case individualExceedsFamily(String)
    /// A visit limit below zero.
    case negativeVisitLimit(ServiceCategory)
    /// A claim line whose allowed amount exceeds its billed charge.
    case allowedExceedsBilled(claim: String)
    /// A claim line naming a member that is not on the plan.
    case unknownMember(String)
    /// A reversal of a claim that was never submitted (or already reversed).
    case unknownClaim(String)
    /// A claim id used again for a different claim line.
    case conflictingResubmission(String)

    /// One sentence saying what was wrong.
    public var description: String {
        switch self {
        case .negativeAmount(let cents): "amounts cannot be negative (got \(cents) cents)"
        case .amountOutOfBounds(let cents):
            "amount of \(cents) cents is above the engine's limit of \(Money.limit) cents"
        case .coinsuranceOutOfRange(let basisPoints):
            "coinsurance must be between 0% and 100% (got \(basisPoints) basis points)"
        case .deductibleExceedsOutOfPocketMaximum(let tier): "the \(tier) deductible exceeds its out-of-pocket maximum"
        case .individualExceedsFamily(let what): "the individual \(what) exceeds the family \(what)"
        case .negativeVisitLimit(let category): "the visit limit of \(category) cannot be negative"
        case .allowedExceedsBilled(let claim): "claim \(claim): the allowed amount exceeds the billed charge"
        case .unknownMember(let member): "member \(member) is not on the plan"
        case .unknownClaim(let claim): "claim \(claim) was never submitted, or is already reversed"
        case .conflictingResubmission(let claim): "claim id \(claim) was already used for a different claim line"
        }
    }
}
