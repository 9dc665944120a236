/// A price split into what the customer pays and the discount, in cents.
public struct DiscountSplit: Equatable, Sendable {
    public var pay: Int
    public var discount: Int

    public init(pay: Int, discount: Int) {
        self.pay = pay
        self.discount = discount
    }
}

/// Splits `cents` at `percent` off: the discount rounded half up to the cent, the rest paid, so that
/// the two always add up to the price.
public func split(cents: Int, percentOff percent: Int) -> DiscountSplit {
    precondition(cents >= 0 && (0...100).contains(percent))
    let discount = (cents * percent + 50) / 100
    return DiscountSplit(pay: cents - discount, discount: discount)
}
