/// Where a *copy case*'s last collection began drawing its elements, and its second element, so that a
/// later collection of the same length range may draw the same elements again: the same list twice, a
/// batch sent twice, one list the other's prefix when their lengths differ, or the same elements in another
/// order (a *rotated* copy, from the second element on and the first last). Uniform draws almost never
/// repeat a collection: two lists of four distinct values of `0...1000` agree once in 10¹².
///
/// This is Hypothesis's mutation that copies one part of a case over another of the same kind, made while
/// drawing: the later collection restarts from the earlier one's random state (and its earlier choices), so
/// the case still follows from the state it started from, and replay and shrinking see ordinary choices.
@usableFromInline
struct EarlierCollection: Sendable {
    /// The kind of the collection's length range (see ``EarlierChoices/kind(bound:shape:)``).
    @usableFromInline var kind: UInt64
    @usableFromInline var random: RandomSource
    @usableFromInline var choices: EarlierChoices
    /// How many elements past its range's lower bound the collection aimed for.
    @usableFromInline var extra: Int
    /// Where its second element began, once drawn: a rotated copy starts there.
    @usableFromInline var second: RandomSource?
    /// The scope its elements drew in, in a swarm case (see ``SwarmPlace``): a copy draws in it too, so
    /// that its `oneOf`s switch the same alternatives off.
    @usableFromInline var swarmParts: UInt64

    @usableFromInline
    init(
        kind: UInt64 = 0, random: RandomSource = RandomSource(seed: 0), choices: EarlierChoices = EarlierChoices(),
        extra: Int = 0, swarmParts: UInt64 = 0
    ) {
        self.kind = kind
        self.random = random
        self.choices = choices
        self.extra = extra
        self.swarmParts = swarmParts
    }
}

/// How a copy case's collection draws an earlier one's elements again (see ``EarlierCollection``).
@usableFromInline
struct CollectionCopy {
    /// The random state to resume from once the copy is drawn.
    @usableFromInline let resume: RandomSource
    /// For a rotated copy, which draws the earlier collection's elements from its second one on and its
    /// first one last: where that first element began.
    @usableFromInline var first: RandomSource?
    /// The scope the earlier collection's elements drew in (see ``EarlierCollection/swarmParts``).
    @usableFromInline let swarmParts: UInt64

    @usableFromInline
    init(resume: RandomSource, swarmParts: UInt64) {
        self.resume = resume
        self.swarmParts = swarmParts
    }
}

extension ChoiceSource {
    /// Begins the elements of a copy case's collection whose length range spans `span`, that aims for
    /// `extra` elements past its lower bound and whose elements draw in `swarmParts`. When the case drew a
    /// collection of the same range before, seven times in eight it draws that one's elements again, from
    /// where they began: to the earlier one's length (four times in eight: the same collection twice), to
    /// that length *rotated*, from the earlier one's second element on and its first last (two in eight), so
    /// that the two hold the same elements in another order, or to its own length (one in eight). Returns
    /// how to draw the copy; otherwise keeps where this collection's elements begin, for a later one, and
    /// returns `nil`.
    @inlinable
    mutating func beginCopiedCollection(span: Int, extra: inout Int, swarmParts: UInt64) -> CollectionCopy? {
        let kind = EarlierChoices.kind(bound: UInt64(span), shape: .max)
        let roll = random.next() & 7
        if holdsEarlierCollection, earlierCollection.kind == kind, roll != 7 {
            let copied = earlierCollection
            var copy = CollectionCopy(resume: random, swarmParts: copied.swarmParts)
            random = copied.random
            if roll != 6 {
                extra = copied.extra
                if roll >= 4, let second = copied.second {
                    copy.first = random
                    random = second
                }
            }
            earlier = copied.choices
            return copy
        }
        earlierCollection = EarlierCollection(
            kind: kind, random: random, choices: earlier, extra: extra, swarmParts: swarmParts)
        holdsEarlierCollection = true
        return nil
    }

    /// Keeps where the second element of the collection a copy case holds begins (see
    /// ``EarlierCollection/second``), when the collection that began at `start` is still the one held:
    /// one drawn inside its first element may have taken its place.
    @inlinable
    mutating func keepSecondElement(ofCollectionStartingAt start: RandomSource) {
        guard holdsEarlierCollection, earlierCollection.random == start else { return }
        earlierCollection.second = random
    }

    /// Whether a search case starting from `random` is a copy case: three in eight, from bits of the state
    /// that neither the case's first draw, its kind nor its swarm key reads.
    @inlinable @inline(__always)
    static func copiesCollections(startingFrom random: RandomSource) -> Bool {
        (random.s0 &+ random.s3) >> 53 & 7 < 3
    }
}
