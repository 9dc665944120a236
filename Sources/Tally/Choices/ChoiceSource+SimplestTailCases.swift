/// *Simplest-tail cases*: three of a run's first sixteen cases (its first, fourth and seventh) draw their
/// first choice at random and every later integer at its simplest, the value choice `0` makes — a range's
/// lower end, zero, an empty collection's length — so that a bug needing the later arguments at their
/// least, such as a conversion rate at its floor or every field but one at its default, shows in the first
/// cases of a run.
///
/// Hypothesis opens its runs the same way: its first examples draw a novel prefix, then the simplest
/// choices. Only the opening cycle holds them, in slots that are plain cases later (see ``kindsBySlot``), so
/// no boundary or reuse case of the first sixteen is lost; later they would cost plain cases, which find
/// most bugs. The case still follows from the state it starts from; replay and the shrinker see ordinary
/// choices.
extension ChoiceSource {
    /// Whether this case draws its later integers at their simplest; see the type's discussion.
    @inlinable var isSimplestTailCase: Bool { caseKind == .simplestTail }

    /// A simplest-tail case's choice in `0...bound`: uniform for the case's first draw, `0` after it. It
    /// takes one random number either way, as a draw of any other case does.
    ///
    /// A simplest-tail case draws out of line (``decideCaseKind()`` clears ``keepsNothing`` for it), so
    /// that the draws of every other case test nothing more for it.
    mutating func simplestTailChoice(upTo bound: UInt64) -> UInt64 {
        let uniform = RandomSource.scale(random.next(), upTo: bound)
        return drawCount == 0 ? uniform : 0
    }

    /// The slots that hold simplest-tail cases in the opening cycle, a bit a slot: 0, 3 and 6.
    @inlinable static var simplestTailSlots: UInt64 { 1 << 0 | 1 << 3 | 1 << 6 }

    /// The eight bits of a case's starting state, above the slot's four, that mark a simplest-tail case
    /// when all are set (see ``startCase(slot:size:)``). The search sets them in the opening cycle's tail
    /// slots and clears the lowest of them in every other case; a state it did not write holds them once in
    /// 256, so that sources driven by hand see the steady mix.
    @inlinable static var simplestTailMark: UInt64 { 0xFF << 11 }

    /// Marks the case about to start a simplest-tail case when `slot`, counted from the run's first case
    /// (below 16), is one of ``simplestTailSlots``.
    @usableFromInline
    mutating func markSimplestTail(slot: Int) {
        guard Self.simplestTailSlots >> UInt64(truncatingIfNeeded: slot) & 1 == 1 else { return }
        random.s3 |= Self.simplestTailMark
    }

    /// Whether the case starting from `random` is a simplest-tail case.
    @inlinable @inline(__always)
    static func isSimplestTail(startingFrom random: RandomSource) -> Bool {
        random.s3 & simplestTailMark == simplestTailMark && simplestTailSlots >> (random.s3 >> 7 & 15) & 1 == 1
    }
}
