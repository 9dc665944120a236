extension Gen where Value: BinaryFloatingPoint & Sendable, Value.RawSignificand: FixedWidthInteger {
    /// A generator of floating-point numbers in `range`, finite unless asked otherwise.
    ///
    /// Values shrink toward whole numbers near zero (or the range end nearest zero). While searching,
    /// the range's ends, zero and whole numbers are favored. Pass `includingNonFinite: true` to also draw
    /// NaN and the infinities. Never use floating point for money: see ``Gen/cents(in:)``.
    public static func float(in range: ClosedRange<Value>, includingNonFinite: Bool = false) -> Gen<Value> {
        precondition(range.lowerBound.isFinite && range.upperBound.isFinite, "the range must be finite")
        let lower = range.lowerBound, upper = range.upperBound
        let wholeLower = lower.rounded(.up), wholeUpper = upper.rounded(.down)
        let hasWhole = wholeLower <= wholeUpper && wholeUpper - wholeLower < 0x1p62
        let whole: Generators.Integer<Int64>? =
            hasWhole ? Gen<Int64>.int(in: Int64(wholeLower)...Int64(wholeUpper)) : nil
        let fractionBits = UInt64(Value.significandBitCount + 1)
        let lastFraction = UInt64(1) << min(fractionBits, 62) - 1
        // Kinds, simplest first: a whole number, any number, a range end, NaN or an infinity.
        let lastKind: UInt64 = includingNonFinite ? 3 : 2
        return Gen { source in
            var forcedKind: UInt64 = 1
            if source.isRandom {
                let roll = source.random.next() & 15
                forcedKind = roll < 4 ? 0 : roll < 6 ? 2 : (roll == 6 && includingNonFinite ? 3 : 1)
                if !hasWhole && forcedKind == 0 { forcedKind = 1 }
            }
            switch source.draw(upTo: lastKind, forcing: forcedKind) {
            case 0:
                if let whole { return Value(whole.generate(&source)) }
                return lower
            case 1:
                let fraction = Value(source.draw(upTo: lastFraction)) / Value(lastFraction)
                return min(max(lower + (upper - lower) * fraction, lower), upper)
            case 2:
                return source.draw(upTo: 1) == 0 ? lower : upper
            default:
                switch source.draw(upTo: 2) {
                case 0: return .nan
                case 1: return .infinity
                default: return -.infinity
                }
            }
        }
    }
}

extension Gen where Value == Double {
    /// A generator of `Double` values in `range`; see ``Gen/float(in:includingNonFinite:)``.
    public static func double(in range: ClosedRange<Double>, includingNonFinite: Bool = false) -> Gen<Double> {
        float(in: range, includingNonFinite: includingNonFinite)
    }
}
