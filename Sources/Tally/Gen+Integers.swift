extension Gen where Value: FixedWidthInteger & Sendable {
    /// A generator of integers in `range`, for every fixed-width integer type.
    ///
    /// Values shrink toward zero when the range contains it, otherwise toward the end nearest to zero.
    /// While searching, the range's ends, zero, ±1 and the values next to the ends are favored, so
    /// boundary bugs show up in the first hundred cases.
    ///
    /// ```swift
    /// Gen.int(in: -10...10)          // Gen<Int>
    /// Gen<UInt8>.int(in: 0...255)    // any integer type
    /// ```
    public static func int(in range: ClosedRange<Value>) -> Gen<Value> {
        let mapping = IntegerChoiceMapping(range)
        let specials = mapping.specialChoices
        return Gen { source in
            mapping.value(for: source.draw(upTo: mapping.lastChoice, favoring: specials))
        }
    }

    /// A generator of any value of the type, from `min` to `max`.
    public static var anyInt: Gen<Value> { int(in: Value.min...Value.max) }
}

/// Maps choices `0...lastChoice` onto an integer range so that choice `0` is the simplest value.
///
/// The simplest value (the *origin*) is zero when the range holds it, otherwise the end nearest zero.
/// Around zero the choices alternate `0, 1, -1, 2, -2, …` until one side runs out, then continue on the
/// longer side, so smaller choices always mean values nearer to zero.
@usableFromInline
struct IntegerChoiceMapping<Value: FixedWidthInteger & Sendable>: Sendable {
    @usableFromInline let lower: Int128
    @usableFromInline let upper: Int128
    @usableFromInline let origin: Int128
    @usableFromInline let below: UInt64
    @usableFromInline let above: UInt64
    @usableFromInline let lastChoice: UInt64

    @usableFromInline
    init(_ range: ClosedRange<Value>) {
        lower = Int128(range.lowerBound)
        upper = Int128(range.upperBound)
        origin = lower > 0 ? lower : (upper < 0 ? upper : 0)
        below = UInt64(origin - lower)
        above = UInt64(upper - origin)
        lastChoice = UInt64(upper - lower)
    }

    @inlinable @inline(__always)
    func value(for choice: UInt64) -> Value {
        Value(truncatingIfNeeded: offset(for: choice) + origin)
    }

    @inlinable @inline(__always)
    func offset(for choice: UInt64) -> Int128 {
        let shared = min(below, above)
        if choice <= shared &* 2 {
            let half = Int128((choice &+ 1) >> 1)
            return choice & 1 == 1 ? half : -half
        }
        return above > below ? Int128(choice - below) : -Int128(choice - above)
    }

    /// The choice that produces `value`, which must lie in the range.
    func choice(for value: Int128) -> UInt64 {
        let offset = value - origin
        let magnitude = UInt64(offset.magnitude)
        let shared = min(below, above)
        if magnitude <= shared { return offset > 0 ? magnitude * 2 - 1 : magnitude * 2 }
        return offset > 0 ? magnitude + below : magnitude + above
    }

    /// The choices of the range's ends, the values next to them, zero and ±1, where in range.
    var specialChoices: [UInt64] {
        let candidates: [Int128] = [lower, upper, lower + 1, upper - 1, 0, 1, -1]
        var result: [UInt64] = []
        for candidate in candidates where candidate >= lower && candidate <= upper {
            let choice = choice(for: candidate)
            if !result.contains(choice) { result.append(choice) }
        }
        return result
    }
}
