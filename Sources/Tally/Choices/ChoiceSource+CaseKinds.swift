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

    /// The kind of a search case starting from `random`, read from its kind slot (bits 7 to 10 of `s3`,
    /// above the size's bits): of the sixteen slots, boundary cases hold four, reuse cases five, ascending
    /// cases one, plain cases six (``kindsBySlot``), one of which is a mirror case (``mirrorSlots``). The
    /// search writes the slots in turn (see ``startCase(slot:)``), so a run's kinds come in a fixed cycle the
    /// processor's branch predictor learns: kinds drawn at random mispredicted about once a case. Other
    /// states hold a slot at random. (The opening cycle's simplest-tail cases are read apart, see
    /// ``decideCaseKind()``.)
    @inlinable @inline(__always)
    static func caseKind(startingFrom random: RandomSource) -> CaseKind {
        let kind = kindsBySlot >> (random.s3 >> 5 & 0x3C) & 3
        return kind == 0 ? .plain : kind == 1 ? .boundary : kind == 2 ? .reuse : .ascending
    }

    /// Whether the case starting from `random` is a mirror case: dealt as plain, so that its draws outside
    /// collections cost what a plain case's do (dealt as a kind of its own, with a coin flip at each draw
    /// outside collections, it cost the throughput benchmark a sixth of its speed); only its collections'
    /// elements draw as ``CaseKind/mirror``.
    @inlinable @inline(__always)
    static func mirrorsCollections(startingFrom random: RandomSource) -> Bool {
        mirrorSlots >> (random.s3 >> 7 & 15) & 1 == 1
    }

    /// The kind of each slot, four bits a slot from slot 0 in the low bits (0 plain, 1 boundary, 2 reuse,
    /// 3 ascending): plain, boundary, reuse, plain, reuse, boundary, plain, reuse, boundary, plain, reuse,
    /// ascending, boundary, plain (a mirror case), reuse, plain. Interleaved, so each stretch of cases holds
    /// every kind.
    @inlinable static var kindsBySlot: UInt64 { 0x0201_3201_2012_0210 }

    /// The slots of mirror cases, a bit a slot: slot 13.
    @inlinable static var mirrorSlots: UInt64 { 1 << 13 }

    /// Writes `slot` (taken modulo 16) into the state the next case starts from, with whether it is a
    /// simplest-tail case (see ``isSimplestTailCase``), and `size` when the generator asks for it (see
    /// ``startCase(size:)``), and starts that case; see ``caseKind(startingFrom:)``.
    @inlinable @inline(__always)
    mutating func startCase(slot: Int, size: Int?) {
        random.s3 = random.s3 & ~(15 << 7 | 1 << 11) | UInt64(truncatingIfNeeded: slot & 15) << 7
        if _slowPath(slot < 16) { markSimplestTail(slot: slot) }
        if let size { startCase(size: size) } else { restart() }
    }

    /// Decides the kind of the case starting now (plain outside the search) and forgets the last one's choices.
    @inlinable @inline(__always)
    mutating func decideCaseKind() {
        caseKind = mode == .random ? Self.caseKind(startingFrom: random) : .plain
        // Tested apart, and slow-pathed: read within the cycle's kinds, it cost the throughput benchmark a
        // tenth of its speed.
        if _slowPath(mode == .random && Self.isSimplestTail(startingFrom: random)) {
            caseKind = .simplestTail
            keepsNothing = false
        } else if _slowPath(!keepsNothing && mode == .random && !records) {
            keepsNothing = true
        }
        mirrorsCollections = mode == .random && Self.mirrorsCollections(startingFrom: random)
        swarmKey = mode == .random ? Self.swarmKey(startingFrom: random) : 0
        swarmPlace = SwarmPlace()
        swarmLevels = 0
        reuseShare = (random.s0 &+ random.s3) >> 56 & 3 == 0 ? 3 : Self.narrowReuseShare
        earlier.forget()
        // Not a reuse case: its collections are to share values in other orders, which copies would not.
        copiesCollections =
            mode == .random && caseKind != .reuse && !mirrorsCollections && Self.copiesCollections(startingFrom: random)
        holdsEarlierCollection = false
    }

    /// The reuse share of a *narrow* reuse case (see ``reuseShare``): seven draws in eight.
    @inlinable static var narrowReuseShare: UInt64 { 7 }

    /// Whether this is a narrow reuse case, whose collections of unstated length hold at most as many
    /// elements as ``EarlierChoices`` keeps, so that a second collection can draw on every value of the first.
    @inlinable var isNarrowReuseCase: Bool { caseKind == .reuse && reuseShare == Self.narrowReuseShare }

    /// Whether this case's collections of unstated length hold at most as many elements as
    /// ``EarlierChoices`` keeps: a narrow reuse case's, and a mirror case's, whose second half may take
    /// back every element of the first.
    @inlinable var holdsCollectionsToEarlierChoices: Bool { isNarrowReuseCase || mirrorsCollections }
}
