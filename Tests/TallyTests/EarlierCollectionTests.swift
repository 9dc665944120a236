import Testing

@testable import Tally

@Suite struct EarlierCollectionTests {
    static let lists = Gen.int(in: 0...1000).array()
    static let pairs = Gen.zip(lists, lists)

    /// Draws `count` pairs of lists from `seed` as the search draws them, the size growing to 100 (then,
    /// when `cycling`, through 0...127 again), and hands each to `body` with whether its case copies and
    /// whether it is a mirror case.
    static func drawPairs(seed: UInt64, count: Int, cycling: Bool = false, _ body: ([Int], [Int], Bool, Bool) -> Void) {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        for index in 0..<count {
            source.startCase(size: min(cycling ? index & 127 : index, 100))
            let (first, second) = Self.pairs.generate(&source)
            body(first, second, source.copiesCollections, source.isMirrorCase)
        }
    }

    /// Among the first `count` pairs drawn from `seed`, those for which `hit` holds, in copy cases and in
    /// the others; leaving out mirror cases, whose lists come back reversed, when `skippingMirrorCases`.
    static func pairs(
        seed: UInt64, count: Int, skippingMirrorCases: Bool = false, where hit: ([Int], [Int]) -> Bool
    ) -> (copying: Int, other: Int) {
        var found = (copying: 0, other: 0)
        drawPairs(seed: seed, count: count) { first, second, copying, mirrors in
            guard !(skippingMirrorCases && mirrors), hit(first, second) else { return }
            if copying { found.copying += 1 } else { found.other += 1 }
        }
        return found
    }

    /// Two equal lists of four distinct values of `0...1000` come once in 10¹² uniform cases; Hypothesis
    /// finds one after 66 cases on average, by copying one part of a case over another.
    @Test(arguments: UInt64(1)...4)
    func theSameListTwiceShowsUpInTheFirstHundredCases(seed: UInt64) {
        let twice = Self.pairs(seed: seed, count: 300) { first, second in
            first == second && first.count >= 4 && Set(first).count == first.count
        }
        #expect(twice.copying >= 2, "\(twice.copying) in 300 cases")
        #expect(twice.other == 0)
    }

    @Test func aCopiedListMayBeTheOthersPrefix() {
        var prefixes = 0
        Self.drawPairs(seed: 8, count: 2_000, cycling: true) { first, second, _, _ in
            if first.count >= 3, second.count > first.count, second.starts(with: first) { prefixes += 1 }
        }
        #expect(prefixes >= 20, "\(prefixes) in 2,000 cases")
    }

    /// Two lists of three or more distinct values of `0...1000` in another order come about once in 6,000
    /// cases without rotated copies (by reuse cases' repeats); with them, about one in thirty.
    @Test(arguments: UInt64(1)...4)
    func theSameListInAnotherOrderShowsUpInTheFirstHundredCases(seed: UInt64) {
        let reordered = Self.pairs(seed: seed, count: 600, skippingMirrorCases: true) { first, second in
            first != second && first.sorted() == second.sorted() && Set(first).count >= 3
        }
        #expect(reordered.copying >= 5, "\(reordered.copying) in 600 cases")
        #expect(reordered.other <= 1)
    }

    @Test func aRotatedCopyDrawsTheEarlierElementsFromTheSecondOnAndTheFirstLast() {
        var rotations = 0
        Self.drawPairs(seed: 1, count: 2_000, cycling: true) { first, second, copying, _ in
            guard copying, first.count >= 2, first != second, first.sorted() == second.sorted() else { return }
            #expect(second == Array(first.dropFirst()) + [first[0]], "\(second) is not \(first) rotated by one")
            rotations += 1
        }
        #expect(rotations >= 20, "\(rotations) in 2,000 cases")
    }

    @Test func aCopyCaseIsDecidedByItsStartAndRegeneratesAndReplaysExactly() {
        let copying = casesOfAKind(Self.pairs, seed: 5, count: 3_200) { $0.copiesCollections }
        // Three cases in eight, less the reuse cases (five in sixteen), which do not copy.
        #expect((720...930).contains(copying), "about 33 cases in 128, got \(copying) in 3,200")
    }

    @Test func reuseCasesAndReplayNeverCopy() {
        var source = ChoiceSource(random: RandomSource(seed: 2), recording: false)
        for _ in 0..<2_000 {
            source.restart()
            #expect(!(source.copiesCollections && source.isReuseCase))
        }
        var replaying = ChoiceSource(replaying: ChoiceSequence([1, 5, 1, 6, 0, 1, 5, 1, 6, 0]))
        #expect(!replaying.copiesCollections)
        #expect(Self.pairs.generate(&replaying) == ([5, 6], [5, 6]))
    }
}
