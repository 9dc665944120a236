import Testing

@testable import Tally

@Suite struct SpanSortingTests {
    static let batches = Gen.int(in: 0...1000).array()
    static let pairs = Gen.zip(batches, batches)

    /// Sorting one of two equal lists alone passes (they differ then); sorted together, they reach the
    /// smallest pair.
    @Test func twoEqualListsAreSortedTogether() async {
        // [2, 0, 1, 3] twice: each element a "more" choice then its value, then the end of the list.
        let one: [UInt64] = [1, 2, 1, 0, 1, 1, 1, 3, 0]
        let outcome = await shrink(Self.pairs, from: ChoiceSequence(one + one)) { first, second in
            first == second && first.count >= 4 && Set(first).count == first.count
        }
        #expect(outcome.value.0 == [0, 1, 2, 3])
        #expect(outcome.value.1 == [0, 1, 2, 3])
    }

    @Test func aListIsSortedAlone() async {
        let outcome = await shrink(Self.batches, from: ChoiceSequence([1, 9, 1, 4, 1, 7, 0])) {
            $0.count >= 3 && Set($0).count == 3
        }
        #expect(outcome.value == [0, 1, 2])
    }
}
