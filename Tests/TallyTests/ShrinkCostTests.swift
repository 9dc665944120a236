import Testing

@testable import Tally

/// What the passes spend: searches that skip what cannot fail, and candidates no pass needs to try twice.
@Suite struct ShrinkCostTests {
    @Test func aPairComesDownToWhereItsPartnerRunsOutInOneStep() async {
        // Lowering `a` and `b` by one amount, `b` reaches 0 when `a` is 600 million: the search starts
        // there, instead of reading every lower magnitude as a pass and stepping down from the top.
        let pairs = Gen.zip(Gen.int(in: 0...1_000_000_000), Gen.int(in: 0...1_000_000_000))
        let lowered = await shrink(
            pairs, from: [900_000_000, 300_000_000], passes: [Self.pass("lower pairs together")]
        ) { $0.0 > $0.1 }
        #expect(lowered.value == (600_000_000, 0))
        #expect(lowered.shrinker.evaluations <= 2)
        // Moving value from `a` into `b`, keeping the sum, `b` is full when `a` is 700.
        let sums = Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))
        let moved = await shrink(sums, from: [900, 800], passes: [Self.pass("redistribute")]) { $0.0 + $0.1 >= 1700 }
        #expect(moved.value == (700, 1000))
        #expect(moved.shrinker.evaluations <= 2)
    }

    @Test func aCollectionIsNotCutAtEachElementByTheLoweringPasses() async {
        // Elements that are only their "more" choice: cutting an inner list at an element is a deletion,
        // which "delete spans" tries; "simplest span" and "lower choices" leave those choices alone (they
        // spent 8 evaluations cutting here).
        let lists = Gen.constant(0).array().array()
        let start: ChoiceSequence = [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0]
        let outcome = await shrink(lists, from: start) { $0.joined().count > 5 }
        #expect(outcome.value == [[0, 0, 0, 0, 0, 0]])
        let statistics = outcome.shrinker.statistics
        let cuts = ["simplest span", "lower choices"].map { statistics[$0, default: .init()].evaluations }
        #expect(cuts[0] <= 1)  // the first outer element, emptied
        #expect(cuts[1] <= 2)  // the first elements' "more", which empty a list

    }

    @Test func lowerLengthsLeavesALaterElementsMoreAlone() async {
        // Cutting a list at a later element kept that element's choices, which the index after the list
        // then read: each cut made a misaligned case that was evaluated (two here). Cutting there is a
        // deletion, which "delete spans" tries with what follows kept in place.
        let cases = Gen.zip(Gen.int(in: 0...1000).array(), Gen.int(in: 0...10))
        let outcome = await shrink(cases, from: [1, 5, 1, 6, 1, 900, 0, 4], passes: [Self.pass("lower lengths")]) {
            list, index in
            list.contains(900) && index == 4
        }
        #expect(outcome.shrinker.evaluations == 0)
    }

    @Test func aDeletionIsRenumberedOnlyWhenTheValuesLookLikePositions() async {
        // Values past the last position are no positions: each deletion is one candidate, not two.
        let needsBoth = await shrink(
            Gen.int(in: 0...1000).array(), from: [1, 5, 1, 900, 0], passes: [Self.pass("delete spans")]
        ) {
            $0.contains(5) && $0.contains(900)
        }
        #expect(needsBoth.shrinker.evaluations == 2)
        // Values that could be positions: a deletion that holds is tried renumbered too.
        let positions = await shrink(
            Gen.int(in: 0...1000).array(), from: [1, 1, 1, 0, 1, 2, 0], passes: [Self.pass("delete spans")]
        ) {
            Set($0) == [0, 1, 2]
        }
        #expect(positions.shrinker.evaluations == 5)
    }

    @Test func aValueThatMustDifferFromTheOthersTakesTheLeastFreeChoice() async {
        // [0, 1, x] with three distinct values: 0 and 1 are taken, so x comes down to -1 at once
        // instead of halving its way down from 2⁶³ (thirteen evaluations before).
        let lists = Gen<Int>.anyInt.array()
        let start: ChoiceSequence = [1, 0, 1, 1, 1, 18_446_744_073_709_551_613, 0]
        let outcome = await shrink(lists, from: start, passes: [Self.pass("lower choices")]) { Set($0).count >= 3 }
        #expect(outcome.value == [0, 1, -1])
        #expect(outcome.shrinker.evaluations <= 5)
    }

    @Test func siblingsAroundZeroMergeByAddingTheirValues() async {
        // A range around zero has its origin at zero: 3 and 4 merge into 7 in one evaluation, where adding
        // their choices made -6 first.
        let steps = Gen.int(in: -10...10).array(length: 0...10)
        let outcome = await shrink(steps, from: [1, 5, 1, 7, 0], passes: [Self.pass("merge siblings")]) { steps in
            steps.indices.contains { steps[...$0].reduce(0, +) == 7 }
        }
        #expect(outcome.value == [7])
        #expect(outcome.shrinker.evaluations == 2)  // [] for removing both, then [7]
    }

    @Test func twoNeighbouringListsJoinInOneStep() async {
        // [[0, 0], [0]] with three elements in all becomes [[0, 0, 0]]: the end of the first list and the
        // start of the second are cut out together (delete choices found it, after trying every window).
        let lists = Gen.constant(0).array().array()
        let outcome = await shrink(lists, from: [1, 1, 1, 0, 1, 1, 0, 0], passes: [Self.pass("merge siblings")]) {
            $0.joined().count >= 3
        }
        #expect(outcome.value == [[0, 0, 0]])
        #expect(outcome.shrinker.evaluations <= 2)  // the join, and a last round that finds nothing
    }

    static func pass(_ name: String) -> ShrinkPass {
        ShrinkPass.all.first { $0.name == name }!
    }
}

/// A candidate the generator made to realign it is not made again to evaluate it.
@Suite struct RealignedCandidateCostTests {
    @Test func aRealignedCandidateIsMadeOnce() async {
        let lists = Gen.zip(Gen.int(in: 0...1000).array(), Gen.int(in: 0...1000).array())
        final class Count: @unchecked Sendable { var replays = 0 }
        let count = Count()
        func replayed(_ choices: ChoiceSequence) -> (FailingCase, ([Int], [Int])) {
            count.replays += 1
            var source = ChoiceSource(replaying: choices)
            let value = Gen(lists).body(&source)
            return (FailingCase(recordedBy: source), value)
        }
        var start = replayed([1, 700, 1, 800, 0, 1, 900, 0]).0
        start.failure = "fails"
        let shrinker = Shrinker(
            failing: start, evaluationLimit: 1_000, timeLimit: .seconds(30),
            passes: [ShrinkCostTests.pass("simplest span")],
            replay: { choices in
                let (run, value) = replayed(choices)
                return ReplayedCandidate(run: run, isDiscarded: false) {
                    value.0.reduce(0, +) + value.1.reduce(0, +) > 100 ? .fails("fails") : .holds
                }
            })
        count.replays = 0
        await shrinker.shrink()
        // A candidate that simplifies k spans is made k times to realign it, and no more to evaluate
        // it: 9 cases for these 4 candidates, where evaluating each made it once more (10).
        #expect(count.replays <= 9, "\(count.replays) cases made for \(shrinker.candidates) candidates")
    }
}
