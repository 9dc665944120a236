import Testing
@testable import Tally

@Suite struct EarlierCollectionTests {
    static let lists = Gen.int(in: 0...1000).array()
    static let pairs = Gen.zip(lists, lists)

    /// Two equal lists of four distinct values of `0...1000` come once in 10¹² uniform cases; Hypothesis
    /// finds one after 66 cases on average, by copying one part of a case over another.
    @Test(arguments: UInt64(1)...4)
    func theSameListTwiceShowsUpInTheFirstHundredCases(seed: UInt64) {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var twice = (copying: 0, other: 0)
        for index in 0..<300 {
            source.startCase(size: min(index, 100))
            let (first, second) = Self.pairs.generate(&source)
            guard first == second, first.count >= 4, Set(first).count == first.count else { continue }
            if source.copiesCollections { twice.copying += 1 } else { twice.other += 1 }
        }
        #expect(twice.copying >= 2, "\(twice.copying) in 300 cases")
        #expect(twice.other == 0)
    }

    @Test func aCopiedListMayBeTheOthersPrefix() {
        var source = ChoiceSource(random: RandomSource(seed: 8), recording: false)
        var prefixes = 0
        for index in 0..<2_000 {
            source.startCase(size: min(index & 127, 100))
            let (first, second) = Self.pairs.generate(&source)
            if first.count >= 3, second.count > first.count, second.starts(with: first) { prefixes += 1 }
        }
        #expect(prefixes >= 20, "\(prefixes) in 2,000 cases")
    }

    /// Two lists of three or more distinct values of `0...1000` in another order come about once in 6,000
    /// cases without rotated copies (by reuse cases' repeats); with them, about one in thirty.
    @Test(arguments: UInt64(1)...4)
    func theSameListInAnotherOrderShowsUpInTheFirstHundredCases(seed: UInt64) {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var reordered = (copying: 0, other: 0)
        for index in 0..<600 {
            source.startCase(size: min(index, 100))
            let (first, second) = Self.pairs.generate(&source)
            guard first != second, first.sorted() == second.sorted(), Set(first).count >= 3 else { continue }
            if source.copiesCollections { reordered.copying += 1 } else { reordered.other += 1 }
        }
        #expect(reordered.copying >= 5, "\(reordered.copying) in 600 cases")
        #expect(reordered.other <= 1)
    }

    @Test func aRotatedCopyDrawsTheEarlierElementsFromTheSecondOnAndTheFirstLast() {
        var source = ChoiceSource(random: RandomSource(seed: 1), recording: false)
        var rotations = 0
        for index in 0..<2_000 {
            source.startCase(size: min(index & 127, 100))
            let (first, second) = Self.pairs.generate(&source)
            guard source.copiesCollections, first.count >= 2, first != second, first.sorted() == second.sorted() else { continue }
            #expect(second == Array(first.dropFirst()) + [first[0]], "\(second) is not \(first) rotated by one")
            rotations += 1
        }
        #expect(rotations >= 20, "\(rotations) in 2,000 cases")
    }

    @Test func aCopyCaseIsDecidedByItsStartAndRegeneratesAndReplaysExactly() {
        let copying = casesOfAKind(Self.pairs, seed: 5, count: 3_200) { $0.copiesCollections }
        // One case in four, less the reuse cases (five in sixteen), which do not copy.
        #expect((440...660).contains(copying), "about eleven cases in sixty-four, got \(copying) in 3,200")
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
