/// The floating-point values that ``Gen/anyFloat(includingNonFinite:)`` draws often, simplest first:
/// the values that code converting, formatting, comparing or summing floating-point numbers gets wrong.
public enum FloatEdgeValues<Value: BinaryFloatingPoint> where Value.RawSignificand: FixedWidthInteger {
    /// The edge values in the order they shrink toward: the signed zeros and ones, simple fractions,
    /// the precision limits around one and at the edge of exact integers, the smallest subnormal and
    /// normal magnitudes, the greatest finite magnitude, and then, when asked, the infinities and NaNs.
    public static func values(includingNonFinite: Bool) -> [Value] {
        let exactIntegerLimit = Value(
            sign: .plus, exponent: Value.Exponent(Value.significandBitCount + 1), significand: 1)
        let finite: [Value] = [
            0, -0.0, 1, -1, 0.5, 0.1, 1 / 3,
            Value(1).nextUp, Value(1).nextDown, Value.ulpOfOne,
            exactIntegerLimit, exactIntegerLimit.nextUp,
            Value.leastNonzeroMagnitude, -Value.leastNonzeroMagnitude,
            Value.leastNormalMagnitude, Value.leastNormalMagnitude.nextDown,
            Value.greatestFiniteMagnitude, -Value.greatestFiniteMagnitude,
        ]
        guard includingNonFinite else { return finite }
        // Quiet NaNs carrying a payload: the smallest and the greatest.
        let quiet = Value.RawSignificand(1) << (Value.significandBitCount - 1)
        let nanExponent = Value.infinity.exponentBitPattern
        return finite + [
            .infinity, -.infinity, .nan, -.nan, .signalingNaN,
            Value(sign: .plus, exponentBitPattern: nanExponent, significandBitPattern: quiet | 1),
            Value(sign: .plus, exponentBitPattern: nanExponent, significandBitPattern: quiet | (quiet - 1)),
        ]
    }

    /// The powers of ten from 10 up to the greatest that the type holds exactly (10²² for `Double`,
    /// 10¹⁰ for `Float`), so that dividing a whole number by one is a correctly rounded decimal fraction.
    static var exactPowersOfTen: [Value] {
        var powers: [Value] = []
        var power: Value = 10
        var powerOfFive = 5  // 10ⁿ is exact while 5ⁿ fits in the significand
        while powerOfFive.bitWidth - powerOfFive.leadingZeroBitCount <= Value.significandBitCount + 1 {
            powers.append(power)
            power *= 10
            powerOfFive *= 5
        }
        return powers
    }
}
