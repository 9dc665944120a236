import DollarText

/// A positive amount of money in cents, at most ``Amount/limit``.
///
/// ```swift
/// let charge = try Amount(cents: 4_900)   // $49.00
/// ```
public struct Amount: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The amount in cents.
    public let cents: Int

    /// The largest amount one request may carry: $1,000,000.00.
    public static let limit = 100_000_000

    /// An amount, or ``CardError/invalidAmount(_:)`` when it is zero, negative or beyond the limit.
    public init(cents: Int) throws(CardError) {
        guard cents > 0, cents <= Self.limit else { throw .invalidAmount(cents) }
        self.cents = cents
    }

    /// Orders amounts.
    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.cents < rhs.cents }

    /// `$1,234.56`.
    public var description: String { Balance(cents: cents).description }
}

/// A balance in cents; unlike an ``Amount`` it may be zero or negative.
public struct Balance: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The balance in cents.
    public let cents: Int

    /// A balance of `cents`.
    public init(cents: Int) {
        self.cents = cents
    }

    /// Orders balances.
    public static func < (lhs: Balance, rhs: Balance) -> Bool { lhs.cents < rhs.cents }

    /// `$1,234.56` or `-$5.00`.
    public var description: String { DollarText.format(cents: cents) }
}
