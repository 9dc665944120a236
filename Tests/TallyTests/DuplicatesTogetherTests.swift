import Testing

@testable import Tally

@Suite struct DuplicatesTogetherTests {
    static let batches = Gen.int(in: 0...1000).array()
    static let pairs = Gen.zip(batches, batches)

    /// Whether `second` holds `first`'s elements, three or more distinct, in another order.
    static func reordered(_ first: [Int], _ second: [Int]) -> Bool {
        first != second && first.sorted() == second.sorted() && Set(first).count >= 3
    }

    /// Each list element is a "more" choice then its value; a list ends with a 0.
    static func choices(_ lists: [Int]...) -> ChoiceSequence {
        ChoiceSequence(lists.flatMap { list in list.flatMap { [1, UInt64($0)] } + [0] })
    }

    /// Four zeros ahead of `[1, 2]` and of `[2, 1]`: deleting a zero from one list alone makes the lists
    /// hold different elements, so only deleting one from each keeps the failure. (Folding a pair of
    /// zeros into one in both lists, **merge duplicates together**, gets there too, so both are left out
    /// of the run without.)
    @Test func twoListsInAnotherOrderLoseTheirCommonElementsTogether() async {
        let start = Self.choices([0, 0, 0, 0, 1, 2], [0, 0, 0, 0, 2, 1])
        let all = await shrink(Self.pairs, from: start, Self.reordered)
        let without = await shrink(
            Self.pairs, from: start,
            passes: ShrinkPass.all(except: "delete duplicates together", "merge duplicates together"), Self.reordered)
        #expect(all.value.0 == [0, 1, 2])
        #expect(all.value.1 == [0, 2, 1])
        #expect(without.value.0.count > 3, "without the pass: \(without.value)")
    }

    @Test func elementsOfOneListAreNeverDeletedInPairs() {
        let base = FailingCase(
            choices: [1, 5, 1, 5, 0], bounds: [1, 1000, 1, 1000, 1], shapes: [0, 0, 0, 0, 0],
            spans: [
                ChoiceSpan(start: 0, end: 2, label: SpanLabel.element, depth: 1),
                ChoiceSpan(start: 2, end: 4, label: SpanLabel.element, depth: 1),
            ], failure: "")
        let firsts = Shrinker.firstElementsByContent(in: base, SpanIndex(base))
        #expect(firsts.count == 1, "one run, one content: \(firsts.map(\.span))")
    }

    static let amounts = Gen.int(in: 0...10_000).array()

    /// A total that stops adding once it is over 5,000: the order of the amounts changes it.
    static func cappedTotal(_ amounts: [Int]) -> Int {
        var total = 0
        for amount in amounts where total <= 5_000 { total += amount }
        return total
    }

    static func orderMatters(_ first: [Int], _ second: [Int]) -> Bool {
        first.sorted() == second.sorted() && cappedTotal(first) != cappedTotal(second)
    }

    /// As a newcomer's search left it: `1430` and `3571` must become one `5001` in both lists at once,
    /// since merging them in one list alone makes the lists hold different amounts.
    @Test func aPairInBothListsIsMergedTogether() async {
        let start = Self.choices([1, 1430, 3571], [1430, 3571, 1])
        let pairs = Gen.zip(Self.amounts, Self.amounts)
        let all = await shrink(pairs, from: start, Self.orderMatters)
        let without = await shrink(
            pairs, from: start, passes: ShrinkPass.all(except: "merge duplicates together"), Self.orderMatters)
        #expect(all.value.0 == [1, 5001])
        #expect(all.value.1 == [5001, 1])
        #expect(without.value.0.count == 3, "without the pass: \(without.value)")
    }

    @Test func pairsAreFoundOnlyBetweenNeighboursOfOneCollection() {
        let list = Self.choices([7, 8, 9])
        var source = ChoiceSource(replaying: list)
        _ = Self.amounts.generate(&source)
        let base = FailingCase(recordedBy: source)
        let pairs = Shrinker.neighbouringPairs(in: base, SpanIndex(base))
        #expect(pairs.map(\.content) == [[1, 7, 1, 8], [1, 8, 1, 9]])
    }
}
