extension Gen
where
    Value: BinaryFloatingPoint & Sendable, Value.RawSignificand: FixedWidthInteger,
    Value.RawExponent: FixedWidthInteger
{
    /// A generator of any floating-point value of the type, with the values floating-point code gets
    /// wrong drawn often: ±0, subnormals, the neighbours of powers of two, the greatest and least finite
    /// magnitudes, and — unless `includingNonFinite` is `false` — NaN (signaling, negative and with
    /// payloads) and the infinities.
    ///
    /// Values shrink toward `0`, then toward whole numbers near zero, short decimal fractions, the edge
    /// values of ``FloatEdgeValues``, and last toward arbitrary bit patterns.
    public static func anyFloat(includingNonFinite: Bool = true) -> Gen<Value> {
        let exactIntegers = Int64(1) << min(Value.significandBitCount + 1, 62)
        let integers = IntegerChoiceMapping<Int64>(-exactIntegers...exactIntegers)
        let powersOfTen = FloatEdgeValues<Value>.exactPowersOfTen
        let edges = FloatEdgeValues<Value>.values(includingNonFinite: includingNonFinite)
        let exponents = IntegerChoiceMapping<Int64>(
            Int64(Value.leastNonzeroMagnitude.exponent)...Int64(Value.greatestFiniteMagnitude.exponent))
        let steps = IntegerChoiceMapping<Int64>(-2...2)
        // Raw exponents as distances from the bias, so that a bit pattern shrinks toward magnitudes near
        // 1 rather than toward the subnormals.
        let bias = Int64(1) << (Value.exponentBitCount - 1) - 1
        let lastRawExponent = Int64(1) << Int64(Value.exponentBitCount) - (includingNonFinite ? 1 : 2)
        let rawExponents = IntegerChoiceMapping<Int64>(-bias...(lastRawExponent - bias))
        let lastRawSignificand = UInt64(1) << UInt64(Value.significandBitCount) - 1
        let quietBit = UInt64(1) << UInt64(Value.significandBitCount - 1)
        // Kinds, simplest first: a whole number, a decimal fraction, an edge value, a neighbour of a power
        // of two, any bit pattern.
        let kindWeights = [3, 3, 3, 2, 3]
        return Gen { source in
            source.oneOfKinds(weights: kindWeights) { kind, source in
                switch kind {
                case 0:
                    return Value(source.draw(scaled: integers))
                case 1:
                    let numerator = Value(source.draw(scaled: integers))
                    return numerator / powersOfTen[Int(source.draw(upTo: UInt64(powersOfTen.count - 1)))]
                case 2:
                    return edges[Int(source.draw(upTo: UInt64(edges.count - 1)))]
                case 3:
                    let exponent = source.draw(exponents)
                    var value = Value(sign: .plus, exponent: Value.Exponent(exponent), significand: 1)
                    let step = source.draw(steps)
                    for _ in 0..<step.magnitude { value = step > 0 ? value.nextUp : value.nextDown }
                    return source.draw(upTo: 1) == 0 ? value : -value
                default:
                    let sign: FloatingPointSign = source.draw(upTo: 1) == 0 ? .plus : .minus
                    let exponent = Value.RawExponent(source.draw(rawExponents) + bias)
                    var significand = source.draw(upTo: lastRawSignificand)
                    // At the exponent of NaNs the simplest choice is the quiet NaN, so any NaN shrinks to `.nan`.
                    if exponent == Value.infinity.exponentBitPattern { significand ^= quietBit }
                    return Value(
                        sign: sign, exponentBitPattern: exponent,
                        significandBitPattern: Value.RawSignificand(significand))
                }
            }
        }
    }
}

extension Gen where Value == Double {
    /// A generator of any `Double`; see ``Gen/anyFloat(includingNonFinite:)``.
    public static func anyDouble(includingNonFinite: Bool = true) -> Gen<Double> {
        anyFloat(includingNonFinite: includingNonFinite)
    }
}
