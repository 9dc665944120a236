/// The fraud and risk service a card issuer asks before approving a charge, as a struct of one async
/// closure (a model-defined interface): production passes a network client, tests pass a double.
///
/// ```swift
/// let cautious = RiskCheck { _, amount in amount.cents > 500_000 ? .decline : .approve }
/// ```
public struct RiskCheck: Sendable {
    /// Assesses a charge, identified by its request id.
    public var assess: @Sendable (_ request: String, _ amount: Amount) async -> RiskDecision

    /// A risk check from its one operation.
    public init(assess: @escaping @Sendable (_ request: String, _ amount: Amount) async -> RiskDecision) {
        self.assess = assess
    }

    /// Approves every charge at once, without suspending.
    public static let approveAll = RiskCheck { _, _ in .approve }
}

/// What the risk check answers.
public enum RiskDecision: Hashable, Sendable {
    /// The charge may go ahead, if the account can cover it.
    case approve
    /// The charge is declined whatever the balance.
    case decline
}
