extension Gen where Value == Int {
    /// A generator of exact money amounts in minor units (cents), shrinking toward zero.
    ///
    /// While searching, a quarter of the amounts are whole units (multiples of 100), as prices and plan
    /// limits usually are, and range ends are favored.
    public static func cents(in range: ClosedRange<Int>) -> Gen<Int> {
        let anyAmount = Gen<Int>.int(in: range)
        let wholeLower = (range.lowerBound + 99).floorDivided(by: 100)
        let wholeUpper = range.upperBound.floorDivided(by: 100)
        guard wholeLower <= wholeUpper else { return Gen(anyAmount) }
        let wholeAmount = Gen<Int>.int(in: wholeLower...wholeUpper).map { $0 * 100 }
        return frequency([(1, wholeAmount), (3, anyAmount)], swarmSite: nil)
    }
}

extension Int {
    /// Division rounding toward negative infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
