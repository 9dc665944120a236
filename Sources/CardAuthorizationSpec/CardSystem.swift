import CardAuthorization

/// The card engine as the spec drives it: a struct of closures (a model-defined interface), so a test
/// can put a mutant account with a planted bug behind the same operations.
public struct CardSystem: Sendable {
    /// What the spec reads back after every step.
    public struct Snapshot: Hashable, Sendable {
        /// The posted balance in cents.
        public var posted: Int
        /// The available balance in cents.
        public var available: Int
        /// Each hold's state, by hold id.
        public var holds: [String: HoldState]

        /// A snapshot of these values.
        public init(posted: Int, available: Int, holds: [String: HoldState]) {
            self.posted = posted
            self.available = available
            self.holds = holds
        }
    }

    // The operations throw only the engine's own refusals (typed): an answer can then be told from a
    // refusal without a catch-all that could turn another error into an answer.

    /// Authorizes a charge.
    public var authorize:
        @Sendable (_ request: String, _ amount: Amount, _ day: Int) async throws(CardError) ->
            Account.AuthorizationResult
    /// Captures a hold.
    public var capture: @Sendable (_ request: String, _ hold: String, _ amount: Amount) async throws(CardError) -> Void
    /// Releases a hold.
    public var release: @Sendable (_ request: String, _ hold: String) async throws(CardError) -> Void
    /// Credits the account (deposit or refund).
    public var credit: @Sendable (_ request: String, _ amount: Amount) async throws(CardError) -> Void
    /// Expires holds as of a day; returns the expired ids.
    public var expireHolds: @Sendable (_ day: Int) async -> [String]
    /// Changes the account's status.
    public var setStatus: @Sendable (Account.Status) async -> Void
    /// Reads the account.
    public var snapshot: @Sendable () async -> Snapshot

    /// A system from its operations.
    public init(
        authorize: @escaping @Sendable (String, Amount, Int) async throws(CardError) -> Account.AuthorizationResult,
        capture: @escaping @Sendable (String, String, Amount) async throws(CardError) -> Void,
        release: @escaping @Sendable (String, String) async throws(CardError) -> Void,
        credit: @escaping @Sendable (String, Amount) async throws(CardError) -> Void,
        expireHolds: @escaping @Sendable (Int) async -> [String],
        setStatus: @escaping @Sendable (Account.Status) async -> Void,
        snapshot: @escaping @Sendable () async -> Snapshot
    ) {
        self.authorize = authorize
        self.capture = capture
        self.release = release
        self.credit = credit
        self.expireHolds = expireHolds
        self.setStatus = setStatus
        self.snapshot = snapshot
    }

    /// The production engine behind its actor, with its risk check and ledger (by default: approve
    /// everything, write nowhere).
    public static func live(_ account: Account = Account(), risk: RiskCheck = .approveAll, ledger: Ledger = .discard)
        -> CardSystem
    {
        let service = CardAuthorizationService(account: account, risk: risk, ledger: ledger)
        return CardSystem(
            authorize: { (request, amount, day) async throws(CardError) in
                try await service.authorize(request, amount: amount, day: day)
            },
            capture: { (request, hold, amount) async throws(CardError) in
                try await service.capture(request, hold: hold, amount: amount)
            },
            release: { (request, hold) async throws(CardError) in try await service.release(request, hold: hold) },
            credit: { (request, amount) async throws(CardError) in try await service.credit(request, amount: amount) },
            expireHolds: { await service.expireHolds(on: $0) },
            setStatus: { await service.setStatus($0) },
            snapshot: {
                let account = await service.snapshot
                return Snapshot(
                    posted: account.posted.cents, available: account.available.cents,
                    holds: account.holds.mapValues(\.state))
            })
    }
}
