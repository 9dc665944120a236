/// A small, fast, seedable pseudo-random generator (xoshiro256**), seeded through SplitMix64.
///
/// Tally owns its generator so that a seed means the same cases on every platform and Swift version.
public struct RandomSource: RandomNumberGenerator, Sendable, Equatable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates a generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        var mixer = seed
        func splitMix() -> UInt64 {
            mixer &+= 0x9E37_79B9_7F4A_7C15
            return Self.mix(mixer)
        }
        s0 = splitMix(); s1 = splitMix(); s2 = splitMix(); s3 = splitMix()
    }

    /// SplitMix64's finalizer: every bit of the result depends on every bit of `value`.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The generator's whole state, four words: a generator made from it continues exactly here.
    public var state: [UInt64] { [s0, s1, s2, s3] }

    /// A generator continuing from `state`, as ``state`` returned it; `nil` unless it has four words
    /// (or all are zero, which xoshiro cannot leave).
    public init?(state: [UInt64]) {
        guard state.count == 4, state.contains(where: { $0 != 0 }) else { return nil }
        (s0, s1, s2, s3) = (state[0], state[1], state[2], state[3])
    }

    /// The next 64 random bits.
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform value in `0...bound`, without modulo bias (Lemire's multiply-shift).
    @inlinable @inline(__always)
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        Self.scale(next(), upTo: bound)
    }

    /// The 64 random bits `roll` scaled to `0...bound`: the high word of `roll × (bound + 1)`, computed as
    /// `roll × bound + roll` so that `bound == .max` (where `bound + 1` wraps to zero) needs no branch.
    @inlinable @inline(__always)
    static func scale(_ roll: UInt64, upTo bound: UInt64) -> UInt64 {
        let product = roll.multipliedFullWidth(by: bound)
        let (_, carry) = product.low.addingReportingOverflow(roll)
        return product.high &+ (carry ? 1 : 0)
    }
}
