extension Generators {
    /// A generator of integers in a range; see ``Gen/int(in:)``.
    public struct Integer<Value: FixedWidthInteger & Sendable>: Generator {
        @usableFromInline let mapping: IntegerChoiceMapping<Value>

        @inlinable
        init(_ range: ClosedRange<Value>) {
            mapping = IntegerChoiceMapping(range)
        }

        /// Draws one integer of the range.
        @inlinable @inline(__always)
        public func generate(_ source: inout ChoiceSource) -> Value {
            mapping.value(
                for: source.draw(
                    upTo: mapping.lastChoice, favoring: mapping.favored, shape: mapping.below, origin: mapping.origin))
        }
    }
}

extension Gen where Value: FixedWidthInteger & Sendable {
    /// A generator of integers in `range`, for every fixed-width integer type.
    ///
    /// Values shrink toward zero when the range contains it, otherwise toward the end nearest to zero.
    /// While searching, boundary cases (see ``ChoiceSource``) draw the range's ends, zero, ±1 and the
    /// values next to the ends.
    @inlinable
    public static func int(in range: ClosedRange<Value>) -> Generators.Integer<Value> {
        Generators.Integer(range)
    }

    /// A generator of any value of the type, from `min` to `max`.
    @inlinable
    public static var anyInt: Generators.Integer<Value> { int(in: Value.min...Value.max) }
}

/// Maps choices `0...lastChoice` onto an integer range so that choice `0` is the simplest value.
///
/// The simplest value (the *origin*) is zero when the range holds it, otherwise the end nearest zero.
/// Around zero the choices alternate `0, 1, -1, 2, -2, …` until one side runs out, then continue on the
/// longer side, so smaller choices always mean values nearer to zero. Arithmetic is on 64-bit patterns
/// with wrapping, which is exact for every type of at most 64 bits.
@usableFromInline
struct IntegerChoiceMapping<Value: FixedWidthInteger & Sendable>: Sendable {
    @usableFromInline let origin: UInt64
    @usableFromInline let below: UInt64
    @usableFromInline let above: UInt64
    @usableFromInline let lastChoice: UInt64
    @usableFromInline let favored: FavoredChoices

    /// The mapping of `range`, whose boundary cases favor its ends, their neighbours, zero and ±1, then
    /// `landmarks` (those in the range) up to eight choices in all.
    @usableFromInline
    init(_ range: ClosedRange<Value>, landmarks: [Int128] = []) {
        let lower = Int128(range.lowerBound), upper = Int128(range.upperBound)
        let origin = lower > 0 ? lower : (upper < 0 ? upper : 0)
        self.origin = UInt64(truncatingIfNeeded: origin)
        below = UInt64(origin - lower)
        above = UInt64(upper - origin)
        lastChoice = UInt64(upper - lower)
        let shape = IntegerShape(bound: lastChoice, below: below)
        var favored: [UInt64] = []
        for candidate in [lower, upper, lower + 1, upper - 1, 0, 1, -1] + landmarks
        where candidate >= lower && candidate <= upper {
            favored.append(shape.choice(for: candidate - origin) ?? 0)
        }
        self.favored = FavoredChoices(favored)
    }

    @inlinable @inline(__always)
    func value(for choice: UInt64) -> Value {
        let shared = min(below, above)
        let offset: UInt64
        if shared == 0 {
            // A range on one side of its origin, as most are: tested apart, lest the test below
            // mispredict at every choice 0 a boundary case favors.
            offset = above == 0 ? 0 &- choice : choice
        } else if choice <= shared &* 2 {
            let half = (choice &+ 1) >> 1
            offset = choice & 1 == 1 ? half : 0 &- half
        } else {
            offset = above > below ? choice &- below : 0 &- (choice &- above)
        }
        return Value(truncatingIfNeeded: origin &+ offset)
    }
}
