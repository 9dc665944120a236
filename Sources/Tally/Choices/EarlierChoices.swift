/// The last eight choices a *reuse* or *ascending case* (see ``ChoiceSource``) drew, with the kind of draw
/// each came from, so that a later draw of the same kind may repeat one of them or climb above the newest:
/// a key inserted twice, two charges of the same amount, a list and its permutation, three equal sides,
/// dates in order. Uniform draws almost never make such coincidences: two draws of `0...Int.max` agree
/// once in 2⁶³, two of `0...1000` once in a thousand, and five of them ascend once in 120.
///
/// A kind is a draw's bound and integer shape, so a choice repeats only into a draw that reads it as a
/// value of the same range. The choices are a ring kept inline, each with a one-byte tag of its kind: no
/// allocation and no branch per draw, and forgetting a case's choices is a few stores. Two kinds share a tag
/// once in 256; the draw then clamps the choice into its own bound.
@usableFromInline
struct EarlierChoices: Sendable {
    @usableFromInline var choices = SIMD8<UInt64>()
    /// Slot `i`'s tag in byte `i`.
    @usableFromInline var tags: UInt64 = 0
    /// A bit per slot that holds a choice of this case.
    @usableFromInline var filled: UInt8 = 0
    /// The slot the next choice goes to; the slot before it holds the newest.
    @usableFromInline var next: UInt8 = 0
    /// The kind and target of the case's last collection length, kept apart from the ring lest a long
    /// collection's elements push it out before the next collection asks.
    @usableFromInline var lastLength: (kind: UInt64, target: UInt64)?

    /// How many choices the ring keeps.
    @inlinable static var capacity: Int { 8 }

    @usableFromInline init() {}

    /// Forgets every choice, for a new case.
    @inlinable @inline(__always)
    mutating func forget() {
        filled = 0
        next = 0
        lastLength = nil
    }

    /// The kind of a draw in `0...bound` of an integer of `shape` (see ``ChoiceSource``'s shapes).
    @inlinable @inline(__always)
    static func kind(bound: UInt64, shape: UInt64) -> UInt64 {
        bound ^ (shape &* 0xD6E8_FEB8_6659_FD93)
    }

    /// The one-byte tag of `kind`, in `0...255`.
    @inlinable @inline(__always)
    static func tag(of kind: UInt64) -> UInt64 { (kind &* 0x9E37_79B9_7F4A_7C15) >> 56 }

    /// A bit per slot holding a choice of this case whose kind has `tag`.
    @inlinable @inline(__always)
    func slots(tagged tag: UInt64) -> UInt8 {
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        let differences = tags ^ (tag &* 0x0101_0101_0101_0101)
        // The high bit of each byte that is zero, without a carry between bytes; then those eight bits
        // gathered into the top byte by one multiplication.
        let zeroBytes = ~(((differences & low) &+ low) | differences | low)
        return UInt8(truncatingIfNeeded: ((zeroBytes >> 7) &* 0x0102_0408_1020_4080) >> 56) & filled
    }

    /// `drawn`, or when `reuse` is set and the ring holds choices of the same kind, one of them picked by
    /// `spin`; either way the choice returned joins the ring as the newest. Not clamped to the draw's bound.
    @inlinable @inline(__always)
    mutating func choice(kind: UInt64, drawn: UInt64, reuse: Bool, spin: UInt64) -> UInt64 {
        let tag = Self.tag(of: kind)
        let held = slots(tagged: tag)
        // Selected without a branch: which way a reuse case's draw goes is random, so a branch would be
        // mispredicted about every other draw.
        let turn = UInt8(truncatingIfNeeded: spin & 7)
        let turned = held >> turn | held << ((8 &- turn) & 7)
        let slot = Int(truncatingIfNeeded: (UInt8(truncatingIfNeeded: turned.trailingZeroBitCount) &+ turn) & 7)
        let choice = reuse && held != 0 ? choices[slot] : drawn
        remember(choice, tag: tag)
        return choice
    }

    /// The newest choice of `kind` in the ring, if it holds one.
    @inlinable @inline(__always)
    func newest(ofKind kind: UInt64) -> UInt64? {
        let held = slots(tagged: Self.tag(of: kind))
        guard held != 0 else { return nil }
        // Turned so that slot `next` is bit 0 and the newest slot bit 7: the highest bit held is the newest.
        let turned = held >> next | held << ((8 &- next) & 7)
        return choices[Int(truncatingIfNeeded: (7 &- UInt8(truncatingIfNeeded: turned.leadingZeroBitCount) &+ next) & 7)]
    }

    /// Keeps `choice`, of the kind tagged `tag`, as the newest, in place of the oldest.
    @inlinable @inline(__always)
    mutating func remember(_ choice: UInt64, tag: UInt64) {
        let slot = Int(truncatingIfNeeded: next)
        choices[slot] = choice
        let shift = UInt64(slot &* 8)
        tags = tags & ~(0xFF << shift) | tag << shift
        filled |= 1 << next
        next = (next &+ 1) & 7
    }
}
