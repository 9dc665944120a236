/// How a search case's kind — plain, boundary or reuse; swarm cases apart (see ``SwarmAlternatives``) — follows from
/// the random state it starts from alone, so that a failing case regenerates exactly.
extension ChoiceSource {
    /// Whether this case draws favored choices; see the type's discussion.
    @inlinable var isBoundaryCase: Bool { caseKind == .boundary }
    /// Whether this case repeats earlier choices; see the type's discussion.
    @inlinable var isReuseCase: Bool { caseKind == .reuse }

    /// The kind of a search case starting from `random`: boundary and reuse cases one in four each, from
    /// bits of the state that the case's first draw does not output (xoshiro256+'s sum rather than the
    /// `**` scrambler's word).
    @inlinable @inline(__always)
    static func caseKind(startingFrom random: RandomSource) -> CaseKind {
        switch (random.s0 &+ random.s3) >> 62 {
        case 0: .boundary
        case 1: .reuse
        default: .plain
        }
    }

    /// Decides the kind of the case starting now (plain outside the search) and forgets the last one's choices.
    @inlinable @inline(__always)
    mutating func decideCaseKind() {
        caseKind = mode == .random ? Self.caseKind(startingFrom: random) : .plain
        swarmKey = mode == .random ? Self.swarmKey(startingFrom: random) : 0
        earlier.forget()
    }
}
