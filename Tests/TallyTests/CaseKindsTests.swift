import Testing

@testable import Tally

/// The search deals case kinds in a fixed cycle of sixteen (its first cycle apart), each written into
/// the state its case starts from: so a case drawn again from its start is of the same kind.
@Suite struct CaseKindsTests {
    @Test func theSearchDealsKindsInACycleOfSixteen() {
        var outcome = SearchOutcome(RunConfiguration())
        var source = ChoiceSource(random: RandomSource(seed: 11), recording: false)
        var kinds: [ChoiceSource.CaseKind] = []
        for _ in 0..<48 {
            let start = outcome.startCase(&source, nil)
            // A mirror case is dealt as plain; only its collections' elements draw as mirror.
            kinds.append(source.isMirrorCase ? .mirror : source.caseKind)
            #expect(
                ChoiceSource(random: start).caseKind == source.caseKind,
                "a case drawn again from its start changed kind")
            outcome.cases += 1
        }
        let cycle = Array(kinds[16..<32])
        #expect(Array(kinds[32..<48]) == cycle)
        // The opening cycle turns three plain slots into simplest-tail cases.
        var opening = cycle
        for slot in [0, 3, 6] where opening[slot] == .plain { opening[slot] = .simplestTail }
        #expect(Array(kinds[0..<16]) == opening && opening.filter { $0 == .simplestTail }.count == 3)
        #expect(cycle.filter { $0 == .boundary }.count == 4)
        #expect(cycle.filter { $0 == .reuse }.count == 5)
        #expect(cycle.filter { $0 == .ascending }.count == 1)
        #expect(cycle.filter { $0 == .mirror }.count == 1)
        #expect(cycle.filter { $0 == .plain }.count == 5)
        // Interleaved: no two cases in a row of one kind but plain.
        #expect(zip(cycle, cycle.dropFirst() + [cycle[0]]).allSatisfy { $0 != $1 || $0 == .plain })
    }

    @Test func aStateTheSearchDidNotWriteHoldsAKindAtRandom() {
        var source = ChoiceSource(random: RandomSource(seed: 5), recording: false)
        var boundary = 0
        for _ in 0..<4_000 {
            source.restart()
            if source.isBoundaryCase { boundary += 1 }
            _ = source.draw(upTo: 100)
        }
        #expect((800...1_200).contains(boundary), "about one in four, got \(boundary) in 4,000")
    }
}
