import Testing

@testable import Tally

@Suite struct AscendingCasesTests {
    static func isSortedAndDistinct(_ values: [Int]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Five sorted distinct values of `0...1000` come once in 120 uniform cases, and only when the list is
    /// that short; an ascending case makes them at any length its climb allows.
    @Test(arguments: UInt64(1)...4)
    func sortedListsOfFiveOrMoreShowUpInTheFirstHundredCases(seed: UInt64) {
        let lists = Gen.int(in: 0...1000).array()
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var sorted = (ascending: 0, other: 0)
        for index in 0..<100 {
            source.startCase(size: index)
            let list = lists.generate(&source)
            guard list.count >= 5, Self.isSortedAndDistinct(list) else { continue }
            if source.isAscendingCase { sorted.ascending += 1 } else { sorted.other += 1 }
        }
        #expect(sorted.ascending >= 1)
        #expect(sorted.other <= 1)
    }

    @Test func anAscendingCaseIsDecidedByItsStartAndRegeneratesAndReplaysExactly() {
        let lists = Gen.zip(Gen.int(in: 0...1000).array(), Gen.int(in: -50...50).array())
        let ascending = casesOfAKind(lists, seed: 3, count: 3_200) { $0.isAscendingCase }
        #expect((140...260).contains(ascending), "about one case in sixteen, got \(ascending) in 3,200")
    }

    /// Choices of a range around zero alternate sides (0, 1, -1, 2, …): the climb is by value, not by choice.
    @Test func integersAroundZeroClimbByValue() {
        let lists = Gen.int(in: -50...50).array(length: 2...6)
        var source = ChoiceSource(random: RandomSource(seed: 9), recording: false)
        var climbing = 0, cases = 0
        for _ in 0..<4_000 {
            source.restart()
            let list = lists.generate(&source)
            guard source.isAscendingCase else { continue }
            cases += 1
            if Self.isSortedAndDistinct(list) { climbing += 1 }
        }
        #expect(climbing * 10 >= cases * 8, "\(climbing) of \(cases) ascending cases climb")
    }

    @Test func ranksOrderChoicesByValueAndMapBack() {
        for (bound, below) in [(UInt64(100), UInt64(50)), (10, 3), (10, 8), (7, 0), (7, 7)] {
            let shape = IntegerShape(bound: bound, below: below)
            let ranks = (0...bound).map { shape.rank(of: $0) }
            #expect(Set(ranks) == Set(0...bound))
            #expect((0...bound).allSatisfy { shape.choice(forRank: shape.rank(of: $0)) == $0 })
            #expect((0...bound).allSatisfy { Int128(shape.rank(of: $0)) - Int128(below) == shape.offset(of: $0) })
        }
    }
}
