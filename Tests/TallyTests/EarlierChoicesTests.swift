import Testing

@testable import Tally

@Suite struct EarlierChoicesTests {
    static let naturals = Gen.int(in: 0...Int.max)
    static let triples = Gen.zip(naturals, naturals, naturals)

    /// Cases among `count` drawn from `seed` whose three integers are equal and at least 7, with reuse
    /// cases as the search makes them, or with each of them drawn as a plain case.
    static func equalTriples(seed: UInt64, count: Int, reusing: Bool) -> Int {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var found = 0
        for _ in 0..<count {
            source.restart()
            if !reusing, source.isReuseCase { source.caseKind = .plain }
            let (a, b, c) = triples.generate(&source)
            if a == b, b == c, a >= 7 { found += 1 }
        }
        return found
    }

    /// Two draws of `0...Int.max` agree once in 2⁶³: without reuse cases only range ends make three
    /// equal values; with them, about one case in thirty.
    @Test(arguments: UInt64(1)...5)
    func threeEqualIntegersShowUpInTheFirstHundredCases(seed: UInt64) {
        #expect(Self.equalTriples(seed: seed, count: 1_000, reusing: true) >= 25)
        #expect(Self.equalTriples(seed: seed, count: 1_000, reusing: false) <= 10)
    }

    @Test func aReuseCaseIsDecidedByItsStartAndRegeneratesAndReplaysExactly() {
        let reuseCases = casesOfAKind(Self.triples, seed: 11, count: 2_000) { $0.isReuseCase }
        #expect((540...710).contains(reuseCases), "about five cases in sixteen, got \(reuseCases) in 2,000")
    }

    @Test func aChoiceRepeatsOnlyIntoADrawOfTheSameRange() {
        let mixed = Gen.zip(
            Gen.int(in: 1_000...2_000), Gen.int(in: 0...9), Gen<Int8>.int(in: -5...5), Gen.int(in: 1_000...2_000))
        let values = samples(mixed, count: 2_000, seed: 5).map(\.value)
        #expect(
            values.allSatisfy { (1_000...2_000).contains($0.0) && (0...9).contains($0.1) && (-5...5).contains($0.2) })
        #expect(values.filter { $0.0 == $0.3 }.count > 100, "the same range repeats a value")
        #expect(values.filter { $0.0 == $0.3 && $0.0 != 1_000 && $0.0 != 2_000 }.count > 50, "not only its ends")
    }

    @Test func setsStillFillInReuseCases() {
        let sets = samples(Gen.int(in: 0...20).set(count: 3...8), count: 2_000).map(\.value)
        #expect(sets.allSatisfy { (3...8).contains($0.count) })
    }

    @Test func listsInAReuseCaseOftenShareTheirLength() {
        let pairs = Gen.zip(Gen.int(in: 0...100).array(), Gen.int(in: 0...100).array())
        var source = ChoiceSource(random: RandomSource(seed: 3), recording: false)
        var sameLength = (reuse: 0, other: 0), cases = (reuse: 0, other: 0)
        for _ in 0..<4_000 {
            source.startCase(size: 50)
            let reuse = source.isReuseCase
            let (first, second) = pairs.generate(&source)
            // A copy case's lists share their length when one copies the other, which it does often; a
            // mirror case's when the second takes back the first.
            if source.copiesCollections || source.isMirrorCase { continue }
            let same = first.count == second.count ? 1 : 0
            if reuse { cases.reuse += 1; sameLength.reuse += same } else { cases.other += 1; sameLength.other += same }
        }
        #expect(sameLength.reuse * 4 > cases.reuse * 2, "\(sameLength.reuse) of \(cases.reuse)")
        #expect(sameLength.other * 10 < cases.other, "\(sameLength.other) of \(cases.other)")
    }

    @Test func replayAndBytesNeverReuse() {
        #expect(replay(Self.triples, ChoiceSequence([7, 3, 9])) == (7, 3, 9))
        for seed in UInt64(1)...64 {
            var replaying = ChoiceSource(replaying: ChoiceSequence([7, 7, 3]))
            replaying.random = RandomSource(seed: seed)
            replaying.restart()
            #expect(!replaying.isReuseCase)
            #expect(Self.triples.generate(&replaying) == (7, 7, 3))
        }
    }

    /// Hypothesis's finds of two different lists with equal sums are permutations of a few repeated values
    /// (`[26, 18, 18]` and `[18, 26, 18]`): a reuse case picks among its last eight values, not the last alone.
    @Test func twoShortListsOfTheSameValuesInAnotherOrderShowUp() {
        let pairs = Gen.zip(Gen.int(in: 0...100).array(), Gen.int(in: 0...100).array())
        var source = ChoiceSource(random: RandomSource(seed: 4), recording: false)
        var permutations = 0
        for index in 0..<4_000 {
            source.startCase(size: min(index & 127, 100))
            let (first, second) = pairs.generate(&source)
            if first != second, first.sorted() == second.sorted(), Set(first).count > 1 { permutations += 1 }
        }
        // 13 here; none when a reuse repeats the newest choice alone.
        #expect(permutations >= 5, "\(permutations) in 4,000 cases")
    }

    @Test func aNarrowReuseCaseKeepsItsCollectionsAsShortAsTheRing() {
        let lists = Gen.int(in: 0...100).array()
        var source = ChoiceSource(random: RandomSource(seed: 6), recording: false)
        var narrow = 0
        for _ in 0..<2_000 {
            source.startCase(size: 100)
            let list = lists.generate(&source)
            guard source.isNarrowReuseCase else { continue }
            narrow += 1
            #expect(list.count <= EarlierChoices.capacity)
        }
        #expect(narrow > 300, "about three reuse cases in four are narrow: \(narrow) of 2,000 cases")
    }

    /// The ring keeps the last eight choices with their kinds, forgets them between cases, knows each
    /// kind's newest, and a repeat may take any of the kind's choices it holds.
    @Test func theRingHoldsTheLastEightChoicesWithTheirKinds() {
        var ring = EarlierChoices()
        var random = RandomSource(seed: 12)
        var kept: [(kind: UInt64, choice: UInt64)] = []
        let kinds: [UInt64] = [100, 1_000, .max, 7]
        for _ in 0..<200 {
            let kind = kinds[Int(random.next(upTo: 3))]
            let choice = random.next(upTo: 99)
            _ = ring.choice(kind: kind, drawn: choice, reuse: 0, spin: 0)
            kept.append((kind, choice))
            for probe in kinds {
                #expect(ring.newest(ofKind: probe) == kept.suffix(8).last { $0.kind == probe }?.choice)
            }
        }
        ring.forget()
        #expect(ring.newest(ofKind: kinds[0]) == nil)
        let spins = Set(
            (0..<8).map { spin in
                var copy = ring
                for choice in UInt64(1)...3 { _ = copy.choice(kind: 5, drawn: choice, reuse: 0, spin: 0) }
                return copy.choice(kind: 5, drawn: 99, reuse: 1, spin: UInt64(spin))
            })
        #expect(spins == [1, 2, 3], "a reuse picks any of the kind's choices, not the newest alone")
        let mixed = Set(
            (0..<8).map { spin in
                var copy = ring
                _ = copy.choice(kind: 5, drawn: 1, reuse: 0, spin: 0)
                _ = copy.choice(kind: 6, drawn: 2, reuse: 0, spin: 0)
                return copy.choice(kind: 5, drawn: 99, reuse: 1, spin: UInt64(spin))
            })
        #expect(mixed == [1, 99], "a slot of another kind is not repeated")
    }
}
