/// One service on a claim: who, when, what, where, and the amounts.
public struct ClaimLine: Hashable, Sendable {
    /// The claim's id (the payer's claim number); claims on the same date are applied in id order.
    public let id: String
    /// The member who received the service.
    public let member: String
    /// The date of service.
    public let date: ServiceDate
    /// The category of service.
    public let category: ServiceCategory
    /// In or out of network.
    public let network: Network
    /// Who gave the service (an NPI or a name); empty when not known. Two claims alike in member, date,
    /// provider, category and amounts are one service sent twice (see ``PlanYear/receive(_:)``).
    public let provider: String
    /// What the provider charged.
    public let billed: Money
    /// What the plan recognizes for the service (the contracted or allowed amount).
    public let allowed: Money

    /// A claim line; throws when the allowed amount exceeds the billed charge.
    public init(
        id: String, member: String, date: ServiceDate, category: ServiceCategory, network: Network = .inNetwork,
        provider: String = "", billed: Money? = nil, allowed: Money
    ) throws(ClaimsError) {
        let billed = billed ?? allowed
        guard allowed <= billed else { throw .allowedExceedsBilled(claim: id) }
        self.id = id
        self.member = member
        self.date = date
        self.category = category
        self.network = network
        self.provider = provider
        self.billed = billed
        self.allowed = allowed
    }

    /// Whether `other` is the same service: alike in member, date, provider, category and amounts. The
    /// network is left out: it is the provider's contract, which the payer looks up, not something a
    /// resend can change; the same provider's claim marked with another network is still a resend.
    public func isSameService(as other: ClaimLine) -> Bool {
        member == other.member && date == other.date && provider == other.provider && category == other.category
            && billed == other.billed && allowed == other.allowed
    }
}
