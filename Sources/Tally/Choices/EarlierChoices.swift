/// The last eight choices a *reuse* or *ascending case* (see ``ChoiceSource``) drew, with the kind of draw
/// each came from, so that a later draw of the same kind may repeat one of them or climb above the newest:
/// a key inserted twice, two charges of the same amount, a list and its permutation, three equal sides,
/// dates in order. Uniform draws almost never make such coincidences: two draws of `0...Int.max` agree
/// once in 2⁶³, two of `0...1000` once in a thousand, and five of them ascend once in 120.
///
/// A kind is a draw's bound and integer shape, so a choice repeats only into a draw that reads it as a
/// value of the same range. The choices are a ring kept inline: no allocation, and forgetting a case's
/// choices is a few stores. A repeat picks one of the ring's slots and takes its choice
/// when the slot holds the same kind, so a case that draws one kind (the elements of a list, three sides)
/// repeats as often as it asks, and one that mixes kinds less often.
@usableFromInline
struct EarlierChoices: Sendable {
    @usableFromInline var choices = SIMD8<UInt64>()
    @usableFromInline var kinds = SIMD8<UInt64>()
    /// How many slots hold a choice of this case: they are the first ones until the ring wraps.
    @usableFromInline var count: UInt8 = 0
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
        count = 0
        next = 0
        lastLength = nil
    }

    /// The kind of a draw in `0...bound` of an integer of `shape` (see ``ChoiceSource``'s shapes).
    @inlinable @inline(__always)
    static func kind(bound: UInt64, shape: UInt64) -> UInt64 {
        bound ^ (shape &* 0xD6E8_FEB8_6659_FD93)
    }

    /// `drawn`, or when `reuse` is 1 (not 0) and the slot `spin` picks among those filled holds a choice of
    /// the same kind, that choice; either way the choice returned joins the ring as the newest. Selected
    /// with masks (see ``Mask``): whether a draw repeats is a coin flip.
    @inlinable @inline(__always)
    mutating func choice(kind: UInt64, drawn: UInt64, reuse: UInt64, spin: UInt64) -> UInt64 {
        let slot = Int(truncatingIfNeeded: ((spin & 7) &* UInt64(count)) &>> 3)
        let held = reuse & Mask.isNonzero(UInt64(count), below: 4) & Mask.isZero(self.kind(inSlot: slot) ^ kind)
        let choice = Mask.select(choice(inSlot: slot), over: drawn, where: Mask.all(held))
        remember(choice, kind: kind)
        return choice
    }

    /// The newest choice of `kind` in the ring, if it holds one.
    @inlinable
    mutating func newest(ofKind kind: UInt64) -> UInt64? {
        var back: UInt8 = 1
        while back <= count {
            let slot = Int(truncatingIfNeeded: (next &- back) & 7)
            if self.kind(inSlot: slot) == kind { return choice(inSlot: slot) }
            back += 1
        }
        return nil
    }

    /// Takes back the newest choice of `kind`, as from a stack of each kind, closing the gap it leaves: a
    /// mirror case's draws come back newest first, element by element for a list of pairs (see
    /// ``ChoiceSource/mirroredChoice(bound:shape:uniform:)``).
    @inlinable
    mutating func takeNewest(ofKind kind: UInt64) -> UInt64? {
        var back: UInt8 = 1
        while back <= count {
            var slot = Int(truncatingIfNeeded: (next &- back) & 7)
            if self.kind(inSlot: slot) == kind {
                let taken = choice(inSlot: slot)
                for _ in 1..<back {
                    let newer = (slot + 1) & 7
                    set(slot, choice: choice(inSlot: newer), kind: self.kind(inSlot: newer))
                    slot = newer
                }
                next = (next &- 1) & 7
                count -= 1
                return taken
            }
            back += 1
        }
        return nil
    }

    /// Keeps `choice`, of `kind`, as the newest, in place of the oldest.
    @inlinable @inline(__always)
    mutating func remember(_ choice: UInt64, kind: UInt64) {
        set(Int(truncatingIfNeeded: next), choice: choice, kind: kind)
        next = (next &+ 1) & 7
        count &+= count < 8 ? 1 : 0
    }

    /// Stores `choice` of `kind` in `slot`.
    @inlinable @inline(__always)
    mutating func set(_ slot: Int, choice: UInt64, kind: UInt64) {
        let offset = slot &* 8
        withUnsafeMutableBytes(of: &choices) { $0.storeBytes(of: choice, toByteOffset: offset, as: UInt64.self) }
        withUnsafeMutableBytes(of: &kinds) { $0.storeBytes(of: kind, toByteOffset: offset, as: UInt64.self) }
    }

    /// The choice in `slot`, read from memory: a SIMD vector's element at an index known only at run time
    /// is otherwise read by spilling the vector, and its store by reading it back, which stalls.
    @inlinable @inline(__always)
    mutating func choice(inSlot slot: Int) -> UInt64 {
        withUnsafeMutableBytes(of: &choices) { $0.load(fromByteOffset: slot &* 8, as: UInt64.self) }
    }

    /// The kind of the choice in `slot`, read from memory as ``choice(inSlot:)`` is.
    @inlinable @inline(__always)
    mutating func kind(inSlot slot: Int) -> UInt64 {
        withUnsafeMutableBytes(of: &kinds) { $0.load(fromByteOffset: slot &* 8, as: UInt64.self) }
    }
}
