import Testing

@testable import Tally

/// `array()`, `set()` and `dictionary(keys:values:)` without a length grow with the case's size.
@Suite struct GenDefaultLengthTests {
    /// The lengths the search draws for `generator`, case by case, as the search sizes them.
    static func searchedLengths<Element>(_ generator: Gen<[Element]>, cases: Int = 300) -> [Int] {
        var outcome = SearchOutcome(RunConfiguration())
        outcome.growsSize = SearchOutcome.asksForSize(generator)
        var source = ChoiceSource(random: RandomSource(seed: 9), recording: false)
        var lengths: [Int] = []
        while lengths.count < cases {
            guard let (value, _) = outcome.nextCase(generator, &source, CaseStatistics(), nil) else { continue }
            lengths.append(value.count)
        }
        return lengths
    }

    @Test func lengthsStartSmallAndGrowToAHundred() {
        let lengths = Self.searchedLengths(Gen.int(in: 0...9).array())
        #expect(lengths.prefix(3).allSatisfy { $0 <= 2 }, "the first cases are the smallest: \(lengths.prefix(3))")
        #expect(lengths.prefix(10).allSatisfy { $0 <= 9 })
        #expect(lengths.max() == 100 || lengths.max()! >= 90)
        #expect(lengths.allSatisfy { $0 <= 100 })
    }

    @Test func onlyAGeneratorThatAsksForTheSizeChangesTheRandomStream() {
        #expect(SearchOutcome.asksForSize(Gen.int(in: 0...9).array()))
        #expect(SearchOutcome.asksForSize(Gen.zip(Gen.bool, Gen.int(in: 0...9).set())))
        #expect(!SearchOutcome.asksForSize(Gen.int(in: 0...9).array(length: 0...50)))
    }

    @Test func aCaseDrawnAgainFromItsStartingStateIsTheSame() {
        let generator = Gen.int(in: -1000...1000).array().array()
        var outcome = SearchOutcome(RunConfiguration())
        outcome.growsSize = true
        var source = ChoiceSource(random: RandomSource(seed: 4), recording: false)
        for _ in 0..<200 {
            guard let (value, start) = outcome.nextCase(generator, &source, CaseStatistics(), nil) else { continue }
            var again = ChoiceSource(random: start)
            #expect(generator.generate(&again) == value)
            #expect(replay(generator, again.sequence) == value, "and its choices replay it")
        }
    }

    @Test func someElementsRepeatTheOneBefore() {
        let lengths = Gen<UInt64>.anyInt.array()
        let repeats = samples(lengths, count: 2000).filter { sample in
            zip(sample.value, sample.value.dropFirst()).contains { $0 == $1 }
        }
        #expect(repeats.count > 200, "64-bit values repeat only by design: \(repeats.count) of 2000")
    }

    @Test func setsAndDictionariesOfAnySize() {
        let sets = samples(Gen.int(in: 0...1_000_000).set(), count: 500).map(\.value.count)
        #expect(sets.max()! > 20 && sets.min() == 0)
        let dictionaries = samples(
            Gen<[Int: Bool]>.dictionary(keys: Gen.int(in: 0...1_000_000), values: Gen.bool), count: 500)
        #expect(dictionaries.map(\.value.count).max()! > 20)
        #expect(replaysExactly(Gen.int(in: 0...9).array()))
    }
}
