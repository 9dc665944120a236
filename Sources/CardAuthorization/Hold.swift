/// Where a hold stands. Every hold ends captured, released or expired, exactly once.
public enum HoldState: String, Hashable, Sendable {
    /// Reserving funds.
    case pending
    /// Posted (possibly for less than held).
    case captured
    /// Given back before capture.
    case released
    /// Given back because it was not captured in time.
    case expired
}

/// Funds reserved by an approved authorization until it is captured, released or expires.
public struct Hold: Hashable, Sendable {
    /// The hold's id, `h1`, `h2`, … in the order the account issued them.
    public let id: String
    /// The amount reserved.
    public let amount: Amount
    /// The day the hold was placed.
    public let day: Int
    /// Where the hold stands.
    public internal(set) var state: HoldState
}
