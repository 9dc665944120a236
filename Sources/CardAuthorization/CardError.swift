/// A request the engine refuses as malformed or impossible. Declines (insufficient funds, a frozen
/// account) are not errors: they are answers, see ``Decline``.
public enum CardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An amount that is zero, negative or beyond ``Amount/limit``, in cents.
    case invalidAmount(Int)
    /// A hold id the account never issued.
    case unknownHold(String)
    /// A hold that was already captured, released or expired.
    case holdNotPending(String, HoldState)
    /// A capture above the held amount.
    case captureExceedsHold(hold: String, held: Amount, requested: Amount)
    /// A request id reused for a different request.
    case conflictingRequest(String)
    /// The account is closed.
    case accountClosed

    /// One sentence saying what was wrong.
    public var description: String {
        switch self {
        case .invalidAmount(let cents):
            "amounts must be between $0.01 and \(Amount.limit / 100) dollars (got \(cents) cents)"
        case .unknownHold(let id): "no hold \(id) on this account"
        case .holdNotPending(let id, let state): "hold \(id) is already \(state.rawValue)"
        case .captureExceedsHold(let hold, let held, let requested):
            "cannot capture \(requested) on hold \(hold) of \(held)"
        case .conflictingRequest(let id): "request id \(id) was already used for a different request"
        case .accountClosed: "the account is closed"
        }
    }
}

/// Why an authorization was declined.
public enum Decline: String, Hashable, Sendable {
    /// The amount exceeds the available balance (posted balance minus pending holds).
    case insufficientFunds = "insufficient funds"
    /// The account is frozen.
    case accountFrozen = "account frozen"
    /// The account is closed.
    case accountClosed = "account closed"
    /// The risk check declined the charge.
    case riskDeclined = "declined by the risk check"
}
