import Testing

@testable import Tally

/// Each shrink pass has a case that only it solves: with every pass the case reaches its minimum,
/// without that one pass it does not.
/// Choices `0...100` as integers.
private let percent = Gen.int(in: 0...100)

@Suite struct ShrinkPassTests {
    /// Shrinks from `start` with every pass and without `pass`; returns both values.
    static func withAndWithout<Cases: Generator>(
        _ pass: String, _ generator: Cases, from start: ChoiceSequence, evaluationLimit: Int = 20_000,
        _ fails: @escaping (Cases.Value) -> Bool
    ) async -> (all: Cases.Value, without: Cases.Value) {
        let all = await shrink(generator, from: start, evaluationLimit: evaluationLimit, fails)
        let without = await shrink(
            generator, from: start, passes: ShrinkPass.all(except: pass), evaluationLimit: evaluationLimit, fails)
        return (all.value, without.value)
    }

    @Test func deleteSpansRemovesAWideElement() async {
        // Two elements of five choices each; only the second, which sorts after the first, fails.
        let elements = Gen.zip(percent, percent, percent, percent, percent).array(length: 0...10)
        let start: ChoiceSequence = [1, 0, 5, 5, 5, 5, 1, 1, 0, 0, 0, 0, 0]
        let result = await Self.withAndWithout("delete spans", elements, from: start) { list in
            list.contains { $0 == (1, 0, 0, 0, 0) }
        }
        #expect(result.all.count == 1)
        #expect(result.without.count == 2)
    }

    @Test func deleteSpansRenumbersWhatLaterElementsPointAt() async {
        // The challenge's coupling: elements are positions; deleting one leaves the others pointing past
        // the end, which the body discards, until they are renumbered.
        let list = Gen.int(in: 0...10).array(length: 0...10)
        func coupling(_ list: [Int]) -> CaseOutcome {
            guard list.allSatisfy({ $0 < list.count }) else { return .discarded }
            return list.enumerated().contains { i, j in i != j && list[j] == i } ? .fails("fails") : .holds
        }
        let all = await shrink(list, from: [1, 0, 1, 0, 1, 3, 1, 2, 0], outcome: coupling)
        #expect(all.value == [1, 0])
        let without = await shrink(
            list, from: [1, 0, 1, 0, 1, 3, 1, 2, 0], passes: ShrinkPass.all(except: "delete spans"), outcome: coupling)
        #expect(without.value.count == 4)
    }

    @Test func deleteSpansRenumbersEvenWhenThePlainDeletionHolds() async {
        // Positions that point at each other, where a value past the end points nowhere (no discard):
        // deleting the leading 0 of [0, 0, 3, 2] leaves [0, 3, 2], which holds; renumbered, [0, 2, 1].
        let list = Gen.int(in: 0...10).array(length: 0...10)
        func pointAtEachOther(_ list: [Int]) -> Bool {
            list.indices.contains { i in list[i] != i && list.indices.contains(list[i]) && list[list[i]] == i }
        }
        let result = await Self.withAndWithout(
            "delete spans", list, from: [1, 0, 1, 0, 1, 3, 1, 2, 0], pointAtEachOther)
        #expect(result.all == [1, 0])
        #expect(result.without == [0, 0, 3, 2])
    }

    @Test func deleteChoicesRemovesPartsNoSpanMarks() async {
        // A hand-written list, "more" then an element, that opens no spans.
        let list = Gen<[UInt64]> { source in
            var items: [UInt64] = []
            while source.draw(upTo: 1) == 1 { items.append(source.draw(upTo: 100)) }
            return items
        }
        let result = await Self.withAndWithout("delete choices", list, from: [1, 10, 1, 60, 0]) {
            $0.contains { $0 >= 50 }
        }
        #expect(result.all == [50])
        #expect(result.without.count == 2)
    }

    @Test func simplestValuesZeroesEveryValueAtOnce() async {
        // Three values that fail all distinct and positive, or all equal: any one lowered alone, any two
        // moved together, make two equal and it holds; all three at 0 at once fail.
        let triples = Gen.zip(percent, percent, percent)
        let result = await Self.withAndWithout("simplest values", triples, from: [1, 2, 3]) { a, b, c in
            (a == b && b == c) || (a != b && b != c && a != c && min(a, b, c) > 0)
        }
        #expect(result.all == (0, 0, 0))
        #expect(result.without == (1, 2, 3))
    }

    @Test func simplestSpanZeroesAWholePartAtOnce() async {
        // (x, y) must satisfy x == 2y: lowering either alone, or both by the same amount, breaks it.
        let parts = Gen.zip(Gen.oneOf(Gen.zip(percent, percent)), Gen.int(in: 0...100))
        let result = await Self.withAndWithout("simplest span", parts, from: [0, 40, 20, 7]) { parts in
            parts.0.0 == 2 * parts.0.1 && parts.1 >= 1
        }
        #expect(result.all.0 == (0, 0) && result.all.1 == 1)
        #expect(result.without.0 == (40, 20))
    }

    enum Shape: Equatable { case one(Int), two(Int, Int) }

    @Test func lowerAndRegenerateSwitchesToASimplerAlternative() async {
        // The simpler alternative reads fewer choices: lowering its index alone misaligns z.
        let shapes = Gen.oneOf(percent.map(Shape.one), Gen.zip(percent, percent).map(Shape.two))
        let result = await Self.withAndWithout("lower and regenerate", Gen.zip(shapes, percent), from: [1, 60, 70, 5]) {
            parts in
            switch parts.0 {
            case .one(let x), .two(let x, _): x >= 50 && parts.1 == 5
            }
        }
        #expect(result.all.0 == Shape.one(50) && result.all.1 == 5)
        #expect(result.without.0 != Shape.one(50))
    }

    indirect enum Tree: Equatable { case leaf(Int), node(Tree, Tree) }

    static func contains(_ tree: Tree, where matches: (Int) -> Bool) -> Bool {
        switch tree {
        case .leaf(let value): matches(value)
        case .node(let left, let right): contains(left, where: matches) || contains(right, where: matches)
        }
    }

    @Test func replaceWithDescendantLiftsASubtree() async {
        let trees = Gen.recursive(depth: 3, base: Gen.zip(percent, percent, percent).map { Tree.leaf($0 + $1 + $2) }) {
            smaller in
            Gen.zip(smaller, smaller).map { Tree.node($0, $1) }
        }
        // node(node(leaf 0, leaf 60), leaf 0) with leaves of three parts, then 7: deleting a part of the tree would
        // misalign the 7.
        let result = await Self.withAndWithout(
            "replace with descendant", Gen.zip(trees, percent), from: [1, 1, 0, 0, 0, 0, 0, 60, 0, 0, 0, 0, 0, 0, 7]
        ) { parts in
            Self.contains(parts.0) { $0 >= 50 } && parts.1 == 7
        }
        #expect(result.all.0 == Tree.leaf(50) && result.all.1 == 7)
        #expect(result.without.0 != Tree.leaf(50))
    }

    @Test func lowerLengthsCutsWhatALengthGoverns() async {
        // A length, then that many elements: the one that fails is the fifth of seven, out of reach of
        // the passes that move values between neighbouring choices.
        let lists = Gen.int(in: 1...10).flatMap { length in Gen.int(in: 0...1000).array(length: length...length) }
        let result = await Self.withAndWithout("lower lengths", lists, from: [6, 3, 1, 4, 1, 950, 9, 2]) {
            $0.contains { $0 >= 900 }
        }
        #expect(result.all == [900])
        #expect(result.without.count == 7)
    }

    @Test func lowerChoicesFindsTheThreshold() async {
        let all = await shrink(Gen.int(in: 0...1000), from: [900]) { $0 >= 500 }.value
        // Keeping the last digit lowers it too, ten at a time, as a last resort.
        let without = await shrink(
            Gen.int(in: 0...1000), from: [900], passes: ShrinkPass.all(except: "lower choices", "keep the last digits")
        ) {
            $0 >= 500
        }.value
        #expect(all == 500)
        #expect(without == 900)
    }

    @Test func lowerDuplicatesTogetherMovesEqualValuesFarApart() async {
        let six = Gen.zip(Gen.int(in: 0...1000), percent, percent, percent, percent, Gen.int(in: 0...1000))
        let result = await Self.withAndWithout("lower duplicates together", six, from: [500, 0, 0, 0, 0, 500]) {
            (values: (Int, Int, Int, Int, Int, Int)) in
            values.0 == values.5 && values.0 >= 10
        }
        #expect(result.all == (10, 0, 0, 0, 0, 10))
        #expect(result.without.0 == 500)
    }

    @Test func lowerPairsTogetherKeepsADifference() async {
        let pairs = Gen.zip(Gen.int(in: 0...10_000_000), Gen.int(in: 0...10_000_000))
        // Without the pass, lowering one at a time zig-zags down a few units per round.
        let result = await Self.withAndWithout(
            "lower pairs together", pairs, from: [9_000_000, 8_999_997], evaluationLimit: 2_000
        ) { pair in
            pair.0 >= 10 && (1...4).contains(pair.0 - pair.1)
        }
        #expect(result.all == (10, 6))
        #expect(result.without.0 > 1000)
    }

    @Test func redistributeMovesASumIntoOneValue() async {
        // The two values sit in two lists of different ranges, which no merging of neighbours joins.
        let lists = Gen.zip(Gen.int(in: 0...2000).array(length: 0...10), Gen.int(in: 0...3000).array(length: 0...10))
        let start: ChoiceSequence = [1, 600, 0, 1, 500, 0]
        func fails(_ lists: ([Int], [Int])) -> Bool { (lists.0 + lists.1).reduce(0, +) > 1000 }
        let all = await shrink(lists, from: start, fails).value
        // Trade down gets there too, by raising the second value to its top and lowering it again, and so
        // does moving or factoring their product: the first down to 100, the second up to 3000 (keeping the
        // last digits moves a product too, once it brought a value down).
        let without = await shrink(
            lists, from: start,
            passes: ShrinkPass.all(
                except: "redistribute", "trade down", "move a product", "factor a product", "keep the last digits"),
            fails
        ).value
        #expect(all.0 + all.1 == [1001])
        #expect(without.0.count + without.1.count == 2)
    }

    @Test func tradeDownLowersARateByRaisingAnAmount() async {
        // A lower rate fails only with a larger amount: no pass that only lowers gets there, and no product
        // is kept (where the rate times the amount must reach 1000, moving the product gets there too).
        let terms = Gen.zip(Gen.int(in: 0...10), Gen.int(in: 0...500))
        let result = await Self.withAndWithout("trade down", terms, from: [8, 200]) { rate, amount in
            rate * 100 + amount >= 1000
        }
        #expect(result.all == (5, 500))
        #expect(result.without == (8, 200))
    }

    @Test func tradeDownLowersABalanceByTenWhileRaisingItsRate() async {
        // A card's minimum payment, 4% of $625.01 rounded half up, lies below the exact one, so paying it is
        // late; a smaller balance needs a larger rate, and only balances that end in 1 to 4 cents fail at
        // 10%: one cent less passes at every rate, ten cents less fails at 10%. **Move a product** gets
        // there too (at 4%, $625.01 × 4 is $250.01 × 10), so it sits out both runs.
        let statement = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...10))
        func isLate(_ balance: Int, _ percent: Int) -> Bool {
            let payment = min(balance, max(2_500, (balance * percent + 50) / 100))
            return payment * 100 < min(balance * 100, max(250_000, balance * percent))
        }
        let all = await shrink(statement, from: [62_501, 3], passes: ShrinkPass.all(except: "move a product"), isLate)
        let without = await shrink(
            statement, from: [62_501, 3], passes: ShrinkPass.all(except: "move a product", "trade down"), isLate)
        #expect(all.value == (25_001, 10))
        #expect(without.value != (25_001, 10), "without the pass: \(without.value)")
    }

    @Test func sortSpansPutsSiblingsInOrder() async {
        let lists = Gen.int(in: 0...9).array(length: 0...3).array(length: 0...3)
        // [[1, 2], []]
        let result = await Self.withAndWithout("sort spans", lists, from: [1, 1, 1, 1, 2, 0, 1, 0, 0]) { lists in
            lists.contains([]) && lists.contains([1, 2])
        }
        #expect(result.all == [[], [1, 2]])
        #expect(result.without == [[1, 2], []])
    }

    @Test func mergeSiblingsFoldsOnePartIntoTheNext() async {
        // Days advanced step by step; the bug shows only on the day that lands exactly on 7.
        let steps = Gen.int(in: 1...10).array(length: 0...10)
        func fails(_ days: [Int]) -> Bool { days.indices.contains { days[...$0].reduce(0, +) == 7 } }
        let all = await shrink(steps, from: [1, 0, 1, 0, 1, 4, 0], fails).value
        // Fold into an earlier sibling gets there too, as a last resort: 5 into the 1 before it, then 6.
        let without = await shrink(
            steps, from: [1, 0, 1, 0, 1, 4, 0],
            passes: ShrinkPass.all(except: "merge siblings", "fold into an earlier sibling"), fails
        ).value
        #expect(all == [7])
        #expect(without == [1, 1, 5])
    }

    @Test func mergeSiblingsFoldsPartsWhoseKindIsReadUnderAnotherBound() async {
        // Deposits and withdrawals, withdrawals offered once there is money, as a state machine offers
        // commands: the first part reads its kind under bound 0, the second under bound 1.
        let moves = Gen<[Int]> { source in
            var moves: [Int] = []
            while moves.count < 5 {
                source.beginSpan(label: SpanLabel.element)
                guard source.draw(upTo: 1) == 1 else {
                    source.endSpan()
                    break
                }
                let withdraws = source.draw(upTo: moves.isEmpty ? 0 : 1) == 1
                let amount = Int(source.draw(upTo: 9)) + 1
                moves.append(withdraws ? -amount : amount)
                source.endSpan()
            }
            return moves
        }
        func fails(_ moves: [Int]) -> Bool { moves.allSatisfy { $0 > 0 } && moves.reduce(0, +) >= 7 }
        let start: ChoiceSequence = [1, 0, 2, 1, 0, 3, 0]  // [3, 4]
        let all = await shrink(moves, from: start, fails).value
        #expect(all == [7])
        let without = await shrink(moves, from: start, passes: ShrinkPass.all(except: "merge siblings"), fails).value
        #expect(without == [1, 6])
    }

    @Test func lowerLengthsDeletesAnEmptyPartInTheMiddle() async {
        // Two or three clients, each a list of calls, then a schedule of a step per call and client, as a
        // concurrent run draws them: lowering the count of clients cuts the whole schedule's alignment, so no
        // part is as long as what it cuts. Fails when the first and the last client call 5.
        let run = Gen<[[Int]]> { source in
            let clients = 2 + Int(source.draw(upTo: 1))
            var calls: [[Int]] = []
            for _ in 0..<clients {
                source.beginSpan()
                var client: [Int] = []
                while client.count < 3, source.draw(upTo: 1) == 1 { client.append(Int(source.draw(upTo: 9))) }
                calls.append(client)
                source.endSpan()
            }
            source.beginSpan()
            for _ in 0..<(calls.joined().count + clients) { _ = source.draw(upTo: 1) }
            source.endSpan()
            return calls
        }
        func fails(_ calls: [[Int]]) -> Bool { calls.first!.contains(5) && calls.last!.contains(5) }
        // Three clients, the middle one empty: [[5], [], [5]], then the schedule.
        let start: ChoiceSequence = [1, 1, 5, 0, 0, 1, 5, 0, 0, 0, 0, 0, 0]
        let all = await shrink(run, from: start, fails).value
        let without = await shrink(run, from: start, passes: ShrinkPass.all(except: "lower lengths"), fails).value
        #expect(all == [[5], [5]])
        #expect(without == [[5], [], [5]])
    }
}
