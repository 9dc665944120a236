extension Gen where Value == Int {
    /// A generator of exact money amounts in minor units (cents), shrinking toward zero.
    ///
    /// While searching, amounts are drawn as ``Gen/int(in:)`` draws them (earlier amounts in reuse cases),
    /// except in plain cases, where a quarter are whole units (multiples of 100), as prices and plan limits
    /// usually are, and three in eight end in 5, 25, 50 or 75 cents: the amounts whose shares land on half a
    /// cent (half of $0.25, 10% of $12.35), where money code rounds and a cent goes missing. Boundary cases
    /// favor the range's ends, their neighbours and zero, then the range's first amounts ending in 5, 25, 50
    /// and 75 cents.
    ///
    /// Every amount is one choice, its distance from zero, however it was drawn: a failing $12.50 shrinks
    /// to $0.01 as readily as a failing $12.37 does.
    public static func cents(in range: ClosedRange<Int>) -> Gen<Int> {
        let mapping = IntegerChoiceMapping(range, landmarks: halfCentLandmarks(from: range.lowerBound))
        let shape = IntegerShape(bound: mapping.lastChoice, below: mapping.below)
        let origin = Int128(Int(truncatingIfNeeded: mapping.origin))
        let dollars = (range.lowerBound.floorDivided(by: 100))...(range.upperBound.floorDivided(by: 100))
        return Gen { source in
            guard source.isRandom, source.caseKind == .plain else { return source.draw(mapping) }
            let roll = source.random.next()
            // Three in eight draw as `Gen.int` does, from the next random number: they draw no dollars.
            guard roll & 7 < 5 else { return source.draw(mapping) }
            let dollarsAbove = source.random.next(upTo: UInt64(dollars.upperBound - dollars.lowerBound))
            let dollar = Int128(dollars.lowerBound) + Int128(dollarsAbove)
            let tail =
                roll & 7 < 2
                ? 0  // a whole amount, two in eight
                : roll & 8 == 0 ? quarterTails[Int((roll >> 4) % 3)] : 5 + 10 * Int((roll >> 4) % 10)
            let amount = dollar * 100 + Int128(tail)
            guard let choice = shape.choice(for: amount - origin) else { return source.draw(mapping) }
            return mapping.value(
                for: source.record(choice, bound: mapping.lastChoice, shape: mapping.below, origin: mapping.origin))
        }
    }
}

/// The first amounts from `lowerBound` on that end in 5, 25, 50 and 75 cents, which boundary cases favor:
/// where a share of an amount lands on half a cent (half of 25 cents, 10% of 5), from a range's least.
private func halfCentLandmarks(from lowerBound: Int) -> [Int128] {
    let dollar = Int128(lowerBound.floorDivided(by: 100)) * 100
    return ([5] + quarterTails).map { (tail: Int) -> Int128 in
        let amount = dollar + Int128(tail)
        return amount < Int128(lowerBound) ? amount + 100 : amount
    }
}

/// The cents of an amount that ends in a quarter.
private let quarterTails = [25, 50, 75]

extension Int {
    /// Division rounding toward negative infinity.
    fileprivate func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
