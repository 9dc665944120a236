/// The last choice a *reuse case* (see ``ChoiceSource``) drew for each of a few kinds of draw, so that a
/// later draw of the same kind may repeat it: a key inserted twice, two charges of the same amount, two
/// claims on the same day, three equal sides. Uniform draws almost never make such coincidences: two draws
/// of `0...Int.max` agree once in 2⁶³, two of `0...1000` once in a thousand.
///
/// A kind is a draw's bound and integer shape, so a choice repeats only into a draw that reads it as the
/// same value of the same range. Eight slots, picked by a hash of the kind; a kind that lands on a slot
/// another kind holds replaces it. Forgetting a case's choices is one store.
@usableFromInline
struct EarlierChoices: Sendable {
    /// Each slot's kind and its last choice, kept inline: no allocation, no uniqueness check per draw.
    @usableFromInline var kinds = SIMD8<UInt64>()
    @usableFromInline var choices = SIMD8<UInt64>()
    /// A bit per slot that holds a choice of this case.
    @usableFromInline var filled: UInt8 = 0

    @usableFromInline init() {}

    /// Forgets every choice, for a new case.
    @inlinable @inline(__always)
    mutating func forget() { filled = 0 }

    /// The kind of a draw in `0...bound` of an integer of `shape` (see ``ChoiceSource``'s shapes).
    @inlinable @inline(__always)
    static func kind(bound: UInt64, shape: UInt64) -> UInt64 {
        bound ^ (shape &* 0xD6E8_FEB8_6659_FD93)
    }

    /// `drawn`, or when `reuse` is set and a choice of the same kind was kept, that choice; either way the
    /// choice returned is kept as the kind's last.
    @inlinable @inline(__always)
    mutating func choice(kind: UInt64, drawn: UInt64, reuse: Bool) -> UInt64 {
        let slot = Int(truncatingIfNeeded: (kind &* 0x9E37_79B9_7F4A_7C15) >> 61)
        let bit: UInt8 = 1 << slot
        // Selected without a branch: which way a reuse case's draw goes is random, so a branch would be
        // mispredicted about every other draw.
        let held = (reuse ? 1 : 0) & UInt8(truncatingIfNeeded: filled >> slot) & (kinds[slot] == kind ? 1 : 0)
        let earlier = choices[slot]
        let choice = held == 1 ? earlier : drawn
        kinds[slot] = kind
        choices[slot] = choice
        filled |= bit
        return choice
    }
}

extension ChoiceSource {
    /// A reuse case's choice in `0...bound`, from the one random word `roll` every search draw takes: three
    /// times in eight the last choice of the same kind when the case made one, once in eight one of
    /// `favored`, otherwise `uniform`. Recorded as usual, so replay and shrinking see an ordinary choice.
    @inlinable @inline(__always)
    mutating func reusedChoice(
        bound: UInt64, shape: UInt64, roll: UInt64, uniform: UInt64, favored: FavoredChoices
    ) -> UInt64 {
        let pick = roll & 7
        let favorite = favored.pick(roll >> 3)
        let drawn = pick == 3 ? favorite : uniform
        return earlier.choice(kind: EarlierChoices.kind(bound: bound, shape: shape), drawn: drawn, reuse: pick < 3)
    }

    /// A collection's target length in a reuse case: five times in eight the target the case's last
    /// collection of the same length range aimed for, so that two lists of one length (one a permutation
    /// of the other, or equal but for one element) show up; otherwise `drawn`.
    @inlinable
    mutating func reusedLength(_ drawn: Int, span: Int) -> Int {
        let reuse = random.next() & 7 < 5
        let kind = EarlierChoices.kind(bound: UInt64(span), shape: .max)
        return Int(earlier.choice(kind: kind, drawn: UInt64(drawn), reuse: reuse))
    }
}
