/// Where a *copy case*'s last collection began drawing its elements, so that a later collection of the
/// same length range may draw the same elements again: the same list twice, a batch sent twice, a path
/// walked twice, or one list the other's prefix when their lengths differ. Uniform draws almost never
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

    @usableFromInline
    init(kind: UInt64 = 0, random: RandomSource = RandomSource(seed: 0), choices: EarlierChoices = EarlierChoices(), extra: Int = 0) {
        self.kind = kind
        self.random = random
        self.choices = choices
        self.extra = extra
    }
}

extension ChoiceSource {
    /// Begins the elements of a copy case's collection whose length range spans `span` and that aims for
    /// `extra` elements past its lower bound: one time in two, when the case drew a collection of the same
    /// range before, from where that one's elements began (and half of those times to its length too),
    /// returning the state to resume from once this collection is drawn; otherwise keeps where this one's
    /// elements begin, for a later collection, and returns `nil`.
    @inlinable
    mutating func beginCopiedCollection(span: Int, extra: inout Int) -> RandomSource? {
        let kind = EarlierChoices.kind(bound: UInt64(span), shape: .max)
        let roll = random.next()
        if holdsEarlierCollection, earlierCollection.kind == kind, roll & 1 == 0 {
            let copied = earlierCollection
            if roll & 2 == 0 { extra = copied.extra }
            let resume = random
            random = copied.random
            earlier = copied.choices
            return resume
        }
        earlierCollection = EarlierCollection(kind: kind, random: random, choices: earlier, extra: extra)
        holdsEarlierCollection = true
        return nil
    }

    /// Whether a search case starting from `random` is a copy case: one in four, from bits of the state
    /// that neither the case's first draw, its kind nor its swarm key reads.
    @inlinable @inline(__always)
    static func copiesCollections(startingFrom random: RandomSource) -> Bool {
        (random.s0 &+ random.s3) >> 54 & 3 == 0
    }
}
