import Foundation
import Testing

@testable import Tally

@Suite struct GenIntegerTests {
    @Test func intsStayInRangeAndFavorBoundariesEarly() {
        let generator = Gen.int(in: -50...50)
        let values = samples(generator, count: 1000).map(\.value)
        #expect(values.allSatisfy { (-50...50).contains($0) })
        // Each boundary comes about 8 times in 300 cases (a quarter are boundary cases, three draws in four
        // favored there); in a hundred, one of the seven was missing about one stream in three.
        let early = Set(values.prefix(300))
        for boundary in [-50, -49, -1, 0, 1, 49, 50] {
            #expect(early.contains(boundary), "boundary \(boundary) missing from the first 300 cases")
        }
        #expect(replaysExactly(generator))
    }

    @Test func oneCaseInFourIsABoundaryCaseDecidedByItsStartingState() {
        let boundaryCases = casesOfAKind(Gen.int(in: 0...1_000_000), seed: 3, count: 10_000) { $0.isBoundaryCase }
        #expect((2_200...2_800).contains(boundaryCases), "about one in four, got \(boundaryCases) in 10,000")
    }

    @Test func erasedGeneratorsMakeTheSameValuesAsConcreteOnes() {
        let concrete = Gen.zip(Gen.int(in: 0...1_000), Gen.int(in: -5...5)).map { $0 * 100 + $1 }
        let erased: Gen<Int> = Gen(concrete)
        #expect(samples(concrete).map(\.value) == samples(erased).map(\.value))
        #expect(samples(Gen(erased)).map(\.value) == samples(erased).map(\.value), "erasing twice wraps once")
    }

    @Test func everyFixedWidthIntegerTypeWorks() {
        #expect(samples(Gen<UInt8>.anyInt).map(\.value).contains(255))
        #expect(samples(Gen<Int8>.int(in: -128 ... -100)).allSatisfy { (-128 ... -100).contains($0.value) })
        #expect(samples(Gen<Int64>.anyInt).map(\.value).contains(.min))
        #expect(samples(Gen<UInt64>.anyInt).map(\.value).contains(.max))
        #expect(samples(Gen<Int16>.int(in: 100...200)).allSatisfy { (100...200).contains($0.value) })
        #expect(replaysExactly(Gen<Int64>.anyInt))
        #expect(replaysExactly(Gen<UInt32>.anyInt))
    }

    @Test func simplestChoiceIsTheValueNearestZero() {
        #expect(replay(Gen.int(in: -10...10), []) == 0)
        #expect(replay(Gen.int(in: 5...10), []) == 5)
        #expect(replay(Gen.int(in: -10 ... -5), []) == -5)
        // Choices alternate around zero, then continue on the longer side.
        #expect(
            (0...13).map { replay(Gen.int(in: -3...10), [UInt64($0)]) } == [
                0, 1, -1, 2, -2, 3, -3, 4, 5, 6, 7, 8, 9, 10,
            ])
    }

    @Test func outOfRangeReplayedChoicesAreClampedAndShortBuffersGiveSimplestValues() {
        #expect(replay(Gen.int(in: 0...9), [1000]) == 9)
        let pair = Gen.zip(Gen.int(in: 3...9), Gen.int(in: 3...9))
        #expect(replay(pair, [2]) == (5, 3))
    }

    @Test func fuzzerBytesDriveTheSameGenerators() {
        var source = ChoiceSource(bytes: [0xFF, 0x03, 0x01])
        let values = Gen.int(in: 0...9).array(length: 0...5).generate(&source)
        #expect(values.allSatisfy { (0...9).contains($0) })
        var empty = ChoiceSource(bytes: [])
        #expect(Gen.int(in: 0...9).array(length: 0...5).generate(&empty) == [])
    }
}

@Suite struct GenValueTests {
    enum Network: CaseIterable, Equatable { case inNetwork, outOfNetwork, unknown }

    @Test func boolsAndCases() {
        #expect(Set(samples(Gen.bool, count: 50).map(\.value)) == [false, true])
        #expect(Set(samples(Gen<Network>.anyCase, count: 100).map { "\($0.value)" }).count == 3)
        #expect(replay(Gen<Network>.anyCase, []) == .inNetwork)
        #expect(replaysExactly(Gen<Network>.anyCase))
    }

    @Test func floatsStayFiniteUnlessAsked() {
        let finite = samples(Gen.double(in: -5...5)).map(\.value)
        #expect(finite.allSatisfy { $0.isFinite && (-5...5).contains($0) })
        #expect(finite.contains(-5) && finite.contains(5) && finite.contains(0))
        #expect(finite.contains { $0 != $0.rounded() })
        let any = samples(Gen.double(in: 0...1, includingNonFinite: true)).map(\.value)
        #expect(any.contains { $0.isNaN } && any.contains(.infinity) && any.contains(-.infinity))
        #expect(samples(Gen<Float>.float(in: 1...2)).allSatisfy { (1...2).contains($0.value) })
        #expect(replay(Gen.double(in: -5...5), []) == 0)
    }

    @Test func centsAreExactAndOftenWholeUnits() {
        let values = samples(Gen.cents(in: 0...1_000_000)).map(\.value)
        #expect(values.allSatisfy { (0...1_000_000).contains($0) })
        #expect(values.filter { $0 % 100 == 0 }.count > 150)
        #expect(values.contains { $0 % 100 != 0 })
        #expect(replaysExactly(Gen.cents(in: -500...500)))
        #expect(replaysExactly(Gen.cents(in: 250...900)))
        #expect(replay(Gen.cents(in: 250...900), []) == 250)
    }

    /// In plain cases three amounts in eight end in 5, 25, 50 or 75 cents, where a share lands on half a
    /// cent (uniform amounts do one time in nine); each is one choice, the amount's distance from zero, so it
    /// shrinks as any amount does.
    @Test func centsOftenEndWhereASharesLandsOnHalfACent() {
        let drawn = samples(Gen.cents(in: 0...1_000_000))
        let tails = drawn.filter { [25, 50, 75].contains($0.value % 100) || $0.value % 10 == 5 }
        #expect(tails.count > 160, "\(tails.count) of 1000")
        #expect(drawn.filter { $0.value % 100 == 50 }.count > 20)
        #expect(drawn.allSatisfy { $0.choices.choices == [UInt64($0.value)] })
        let small = samples(Gen.cents(in: 0...99)).map(\.value)
        #expect(small.allSatisfy { (0...99).contains($0) } && small.contains(50) && small.contains(25))
    }

    /// Boundary cases favor a range's first amounts ending in 5, 25, 50 and 75 cents beside its ends, where
    /// a share lands on half a cent.
    @Test func centsInABoundaryCaseLandOnHalfCentLandmarks() {
        for (range, landmarks) in [(0...1_000_000, [5, 25, 50, 75]), (1010...5000, [1025, 1050, 1075, 1105])] {
            let drawn = Set(Self.boundaryCases(4_000, of: Gen.cents(in: range)))
            #expect(drawn.isSuperset(of: landmarks + [range.lowerBound, range.upperBound]), "\(range)")
            #expect(drawn.allSatisfy { range.contains($0) })
        }
    }

    /// Why: a refund prorated by unused days, rounded half up where the invoice rounds half to even, fails
    /// where the amount times the days ends 15 of 60 — $0.75 for 1 or 29 days, which boundary cases favor.
    /// Here 46 of 1,000 boundary cases find it with the landmarks, 8 without (measured when they were added).
    @Test func boundaryCasesFindAProrationThatRoundsHalfUp() {
        let prorations = Gen.zip(Gen.cents(in: 0...100_000), Gen.int(in: 0...30))
        let failing = Self.boundaryCases(4_000, of: prorations).filter { monthly, days in monthly * days % 60 == 15 }
        #expect(failing.count > 25, "\(failing.count) of 1,000 boundary cases")
    }

    /// The values of `generator` in the boundary cases among the first `count` cases of a search.
    private static func boundaryCases<Cases: Generator>(_ count: Int, of generator: Cases) -> [Cases.Value] {
        var source = ChoiceSource(random: RandomSource(seed: 17), recording: false)
        return (0..<count).compactMap { index in
            source.startCase(slot: index, size: nil)
            let value = generator.generate(&source)
            return source.isBoundaryCase ? value : nil
        }
    }

    /// A plain case's amount takes two random numbers however it is drawn — a whole amount or one ending
    /// where a share lands on half a cent (a roll, then dollars), or one drawn as `Gen.int` draws it (a
    /// roll, then the amount) — so no number is drawn and thrown away.
    @Test func centsInAPlainCaseTakeTwoRandomNumbersHoweverDrawn() {
        var source = ChoiceSource(random: RandomSource(seed: 29), recording: false)
        var plainCases = 0
        for index in 0..<2_000 {
            source.startCase(slot: index, size: nil)
            guard source.caseKind == .plain, !source.mirrorsCollections else { continue }
            plainCases += 1
            var expected = source.randomState
            _ = (expected.next(), expected.next())
            _ = Gen.cents(in: 0...999_999).generate(&source)
            #expect(source.randomState == expected, "case \(index)")
        }
        #expect(plainCases > 500)
    }

    @Test func charactersAndStrings() {
        let ascii = samples(Gen.string(of: .ascii, length: 0...30)).map(\.value)
        #expect(ascii.allSatisfy { $0.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) } })
        #expect(ascii.allSatisfy { $0.count <= 30 })
        let alphanumeric = samples(Gen.string(of: .alphanumeric, length: 1...5)).map(\.value)
        #expect(alphanumeric.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        let unicode = samples(Gen<Character>.unicode, count: 2000).map(\.value)
        #expect(unicode.contains { !$0.isASCII })
        #expect(unicode.contains { $0.isASCII })
        #expect(replay(Gen<Character>.unicode, []) == "a")
        #expect(replaysExactly(Gen.string(of: .unicode, length: 0...10)))
    }

    @Test func datesStayInRange() {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let end = start.addingTimeInterval(364 * 86_400)
        let dates = samples(Gen.date(in: start...end)).map(\.value)
        #expect(dates.allSatisfy { (start...end).contains($0) })
        #expect(dates.contains(start) && dates.contains(end))
        #expect(replaysExactly(Gen.date(in: start...end)))
    }

    @Test func optionalsIncludeNilAndShrinkToIt() {
        let values = samples(Gen.int(in: 0...9).optional, count: 200).map(\.value)
        #expect(values.contains(nil) && values.contains { $0 != nil })
        #expect(replay(Gen.int(in: 0...9).optional, []) == nil)
    }
}

@Suite struct GenCombinatorTests {
    @Test func arraysRespectLengthAndReachBothEnds() {
        let lengths = samples(Gen.int(in: 0...9).array(length: 2...6)).map(\.value.count)
        #expect(lengths.allSatisfy { (2...6).contains($0) })
        #expect(Set(lengths) == [2, 3, 4, 5, 6])
        #expect(replaysExactly(Gen.int(in: 0...9).array(length: 0...20)))
        #expect(replay(Gen.int(in: 0...9).array(length: 2...6), []) == [0, 0])
    }

    @Test func setsAndDictionariesHoldDistinctKeys() {
        let sets = samples(Gen.int(in: 0...20).set(count: 3...8)).map(\.value)
        #expect(sets.allSatisfy { (3...8).contains($0.count) })
        let impossible = Gen.int(in: 0...1).set(count: 3...3)
        #expect(samples(impossible, count: 1).isEmpty == false)
        var source = ChoiceSource(seed: 1)
        _ = impossible.generate(&source)
        #expect(source.rejection == "could not draw 3 distinct elements")
        let dictionaries = samples(
            Gen<[Int: Bool]>.dictionary(keys: Gen.int(in: 0...50), values: Gen.bool, count: 0...5)
        ).map(\.value)
        #expect(dictionaries.allSatisfy { $0.count <= 5 })
        #expect(replaysExactly(Gen<[Int: Bool]>.dictionary(keys: Gen.int(in: 0...50), values: Gen.bool, count: 0...5)))
    }

    @Test func elementOneOfAndFrequency() {
        #expect(Set(samples(Gen.element(of: ["a", "b", "c"]), count: 100).map(\.value)) == ["a", "b", "c"])
        #expect(Set(samples(Gen.oneOf(Gen.constant(1), Gen.constant(2)), count: 100).map(\.value)) == [1, 2])
        // By weight outside swarm cases; a swarm case draws among the alternatives it leaves on.
        let weighted = Gen.frequency([(9, Gen.constant(0)), (1, Gen.constant(1))])
        var source = ChoiceSource(seed: 7)
        var ones = 0, ordinaryCases = 0
        for _ in 0..<1300 {
            source.restart()
            let value = weighted.generate(&source)
            guard source.swarmKey == 0 else { continue }
            ordinaryCases += 1
            if value == 1 { ones += 1 }
        }
        #expect((50...160).contains(ones * 1000 / ordinaryCases), "about one in ten, got \(ones) in \(ordinaryCases)")
        #expect(replay(Gen.frequency([(1, Gen.constant("first")), (99, Gen.constant("second"))]), []) == "first")
    }

    @Test func mapFlatMapAndFilter() {
        #expect(samples(Gen.int(in: 0...10).map { $0 * 2 }).allSatisfy { $0.value % 2 == 0 })
        let sized = Gen.int(in: 1...5).flatMap { n in Gen.bool.array(length: n...n).map { (n, $0) } }
        #expect(samples(sized).allSatisfy { $0.value.0 == $0.value.1.count })
        let even = Gen.int(in: 0...100).filter { $0 % 2 == 0 }
        #expect(samples(even).allSatisfy { $0.value % 2 == 0 })
        #expect(replaysExactly(even))
    }

    @Test func filterThatRejectsEverythingNamesItself() {
        let never = Gen.int(in: 0...100).filter("never true") { _ in false }
        var source = ChoiceSource(seed: 3)
        _ = never.generate(&source)
        let rejection = source.rejection ?? "no rejection"
        #expect(rejection.hasPrefix("filter \"never true\" at TallyTests/GenTests.swift:"))
        #expect(rejection.hasSuffix("rejected 100 values in a row, as many as it tries for one case"))
    }

    @Test func zipOfAnyArity() {
        let six = Gen.zip(
            Gen.int(in: 0...1), Gen.bool, Gen.constant("x"), Gen.int(in: 5...5), Gen.bool, Gen.int(in: 0...3))
        let value = replay(six, [1, 1, 0, 0, 3])
        #expect(value == (1, true, "x", 5, false, 3))
    }

    indirect enum Tree: Equatable {
        case leaf(Int)
        case node(Tree, Tree)

        var depth: Int {
            switch self {
            case .leaf: 0
            case .node(let left, let right): 1 + max(left.depth, right.depth)
            }
        }
    }

    @Test func recursiveGeneratorsRespectTheirDepth() {
        let trees = Gen.recursive(depth: 3, base: Gen.int(in: 0...9).map(Tree.leaf)) { smaller in
            Gen.zip(smaller, smaller).map { Tree.node($0, $1) }
        }
        let depths = samples(trees, count: 500).map(\.value.depth)
        #expect(depths.allSatisfy { $0 <= 3 })
        #expect(depths.contains(3))
        #expect(replay(trees, []) == .leaf(0))
        #expect(replaysExactly(trees))
    }
}
