import DollarText

/// An exact amount of US dollars, in cents.
///
/// Claims amounts are bounded by ``Money/limit`` ($100 million): every amount entering the engine is
/// checked against it, so sums over a plan year cannot overflow and arithmetic never traps.
///
/// ```swift
/// let allowed = try Money(cents: 35_000)   // $350.00
/// allowed.description                      // "$350.00"
/// ```
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The amount in cents.
    public let cents: Int

    /// The largest amount the engine accepts in one plan field or claim line: $100,000,000.00.
    public static let limit = 10_000_000_000

    /// Zero dollars.
    public static let zero = Money(unchecked: 0)

    /// An amount of `cents`, or ``ClaimsError/amountOutOfBounds(_:)`` when it is negative or beyond the limit.
    public init(cents: Int) throws(ClaimsError) {
        guard cents >= 0 else { throw .negativeAmount(cents) }
        guard cents <= Self.limit else { throw .amountOutOfBounds(cents) }
        self.cents = cents
    }

    /// An amount known to be within bounds (the result of arithmetic on bounded amounts).
    init(unchecked cents: Int) {
        self.cents = cents
    }

    /// `$1,234.56`.
    public var description: String { DollarText.format(cents: cents) }

    /// Orders amounts.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// The sum of two amounts. Within a plan year sums stay far below `Int.max`, since every input is
    /// bounded by ``limit``.
    public static func + (lhs: Money, rhs: Money) -> Money { Money(unchecked: lhs.cents + rhs.cents) }

    /// The difference, never below zero.
    public func subtractingClamped(_ other: Money) -> Money { Money(unchecked: max(cents - other.cents, 0)) }

    /// The difference of two amounts where `lhs ≥ rhs` is known.
    static func - (lhs: Money, rhs: Money) -> Money { Money(unchecked: lhs.cents - rhs.cents) }

    /// `rate` of this amount, rounded half up to the cent. The one rounding rule of the engine: the
    /// patient's coinsurance is rounded, and the plan pays the remainder, so the two always add up.
    public func share(_ rate: BasisPoints) -> Money {
        Money(unchecked: (cents * rate.value + 5_000) / 10_000)
    }
}

/// A rate in hundredths of a percent: 2000 basis points is 20%.
public struct BasisPoints: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The rate in basis points, 0...10_000.
    public let value: Int

    /// A rate, or ``ClaimsError/coinsuranceOutOfRange(_:)`` outside 0%...100%.
    public init(_ value: Int) throws(ClaimsError) {
        guard (0...10_000).contains(value) else { throw .coinsuranceOutOfRange(value) }
        self.value = value
    }

    /// `20%`, `12.5%`.
    public var description: String {
        let fraction = value % 100
        guard fraction != 0 else { return "\(value / 100)%" }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return "\(value / 100).\(digits)%"
    }

    /// Orders rates.
    public static func < (lhs: BasisPoints, rhs: BasisPoints) -> Bool { lhs.value < rhs.value }
}

extension Money {
    /// The smaller of two amounts.
    static func minimum(_ a: Money, _ b: Money) -> Money { a < b ? a : b }
}
