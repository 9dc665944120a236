/// The most a non-grandfathered US plan may set as its in-network out-of-pocket maximum for a plan
/// year (Affordable Care Act; HHS Notice of Benefit and Payment Parameters).
public struct OutOfPocketLimits: Hashable, Sendable {
    /// The limit for self-only coverage, which also caps each member of a family plan.
    public let selfOnly: Money
    /// The limit for other than self-only (family) coverage.
    public let family: Money

    /// The limits of `year`, or `nil` when the engine does not know them.
    public static func forYear(_ year: Int) -> OutOfPocketLimits? {
        switch year {
        case 2025: OutOfPocketLimits(selfOnly: Money(unchecked: 920_000), family: Money(unchecked: 1_840_000))
        case 2026: OutOfPocketLimits(selfOnly: Money(unchecked: 1_060_000), family: Money(unchecked: 2_120_000))
        default: nil
        }
    }
}
