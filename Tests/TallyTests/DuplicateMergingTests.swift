import Testing
@testable import Tally

@Suite struct DuplicateMergingTests {
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

    /// Each list element is a "more" choice then its value; a list ends with a 0.
    static func choices(_ lists: [Int]...) -> ChoiceSequence {
        ChoiceSequence(lists.flatMap { list in list.flatMap { [1, UInt64($0)] } + [0] })
    }

    /// As a newcomer's search left it: `1430` and `3571` must become one `5001` in both lists at once,
    /// since merging them in one list alone makes the lists hold different amounts.
    @Test func aPairInBothListsIsMergedTogether() async {
        let start = Self.choices([1, 1430, 3571], [1430, 3571, 1])
        let pairs = Gen.zip(Self.amounts, Self.amounts)
        let all = await shrink(pairs, from: start, Self.orderMatters)
        let without = await shrink(pairs, from: start, passes: ShrinkPass.all(except: "merge duplicates together"), Self.orderMatters)
        #expect(all.value.0 == [1, 5001])
        #expect(all.value.1 == [5001, 1])
        #expect(without.value.0.count == 3, "without the pass: \(without.value)")
    }

    @Test func pairsAreFoundOnlyBetweenNeighboursOfOneCollection() {
        let case_ = Self.choices([7, 8, 9])
        var source = ChoiceSource(replaying: case_)
        _ = Self.amounts.generate(&source)
        let base = FailingCase(choices: source.recorded, bounds: source.bounds, shapes: source.shapes, spans: source.spans, failure: "")
        let pairs = Shrinker.neighbouringPairs(in: base, SpanIndex(base))
        #expect(pairs.map(\.content) == [[1, 7, 1, 8], [1, 8, 1, 9]])
    }
}
