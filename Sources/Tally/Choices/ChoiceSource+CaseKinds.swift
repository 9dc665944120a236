/// How a search case's kind — plain, boundary, reuse or ascending; swarm cases apart (see
/// ``SwarmAlternatives``) — follows from the random state it starts from alone, so that a failing case
/// regenerates exactly.
extension ChoiceSource {
    /// Whether this case draws favored choices; see the type's discussion.
    @inlinable var isBoundaryCase: Bool { caseKind == .boundary }
    /// Whether this case repeats earlier choices; see the type's discussion.
    @inlinable var isReuseCase: Bool { caseKind == .reuse }
    /// Whether this case's integers climb; see the type's discussion.
    @inlinable var isAscendingCase: Bool { caseKind == .ascending }

    /// The kind of a search case starting from `random`: boundary cases four in sixteen, reuse cases five,
    /// ascending cases one, from bits of the state that the case's first draw does not output (xoshiro256+'s
    /// sum rather than the `**` scrambler's word).
    @inlinable @inline(__always)
    static func caseKind(startingFrom random: RandomSource) -> CaseKind {
        switch (random.s0 &+ random.s3) >> 60 {
        case 0..<4: .boundary
        case 4..<9: .reuse
        case 9: .ascending
        default: .plain
        }
    }

    /// Decides the kind of the case starting now (plain outside the search) and forgets the last one's choices.
    @inlinable @inline(__always)
    mutating func decideCaseKind() {
        caseKind = mode == .random ? Self.caseKind(startingFrom: random) : .plain
        swarmKey = mode == .random ? Self.swarmKey(startingFrom: random) : 0
        reuseShare = (random.s0 &+ random.s3) >> 56 & 3 == 0 ? 3 : Self.narrowReuseShare
        earlier.forget()
        // Not a reuse case: its collections are to share values in other orders, which copies would not.
        copiesCollections = mode == .random && caseKind != .reuse && Self.copiesCollections(startingFrom: random)
        holdsEarlierCollection = false
    }

    /// The reuse share of a *narrow* reuse case (see ``reuseShare``): seven draws in eight.
    @inlinable static var narrowReuseShare: UInt64 { 7 }

    /// Whether this is a narrow reuse case, whose collections of unstated length hold at most as many
    /// elements as ``EarlierChoices`` keeps, so that a second collection can draw on every value of the first.
    @inlinable var isNarrowReuseCase: Bool { caseKind == .reuse && reuseShare == Self.narrowReuseShare }
}
