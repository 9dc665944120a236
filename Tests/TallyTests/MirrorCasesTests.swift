import Testing

@testable import Tally

/// Mirror cases keep their integers on a stack: palindromes and lists with their reverse show up.
@Suite struct MirrorCasesTests {
    static let lists = Gen.int(in: 0...1000).array()

    /// Mirror cases among `count` cases drawn as the search draws them from `seed`, and how many of them
    /// made a value for which `hit` holds.
    static func mirrorCases<Cases: Generator>(
        _ generator: Cases, seed: UInt64, count: Int, _ hit: (Cases.Value) -> Bool
    ) -> (cases: Int, hits: Int) {
        var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
        var found = (cases: 0, hits: 0)
        for index in 0..<count {
            source.startCase(slot: index, size: min(index, 100))
            let value = generator.generate(&source)
            guard source.isMirrorCase else { continue }
            found.cases += 1
            if hit(value) { found.hits += 1 }
        }
        return found
    }

    @Test func aListIsOftenAPalindrome() {
        let found = Self.mirrorCases(Self.lists, seed: 3, count: 3_200) { list in
            list.count >= 4 && list == list.reversed() && Set(list).count >= 2
        }
        #expect(found.cases == 200)
        // A palindrome plan two times in four, four to eight elements five times in nine, two distinct
        // values almost always: about one mirror case in four. Uniform draws: never.
        #expect(found.hits >= 25, "\(found.hits) palindromes in \(found.cases) mirror cases")
    }

    /// Keep every element, then take every one back at the same length: a second collection takes back
    /// one time in two, at the first one's length. From seed 4, 67 in 400 mirror cases for lists of
    /// integers and 30 for lists of pairs, whose elements come back pair by pair; 13 and 7 when a take-back
    /// was as likely in the first collection (with nothing to take) and took the last length five times
    /// in eight.
    @Test func aListComesBackReversedAlsoWhenItHoldsPairs() {
        func reversed(_ first: [Int], _ second: [Int]) -> Bool {
            first.count >= 2 && Set(first).count >= 2 && second == Array(first.reversed())
        }
        let integers = Self.mirrorCases(Gen.zip(Self.lists, Self.lists), seed: 4, count: 6_400, reversed)
        #expect(integers.hits >= 40, "\(integers.hits) reversals in \(integers.cases) mirror cases")
        let pairs = Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...9)).map { $0 * 10 + $1 }.array()
        let ofPairs = Self.mirrorCases(Gen.zip(pairs, pairs), seed: 4, count: 6_400, reversed)
        #expect(ofPairs.hits >= 15, "\(ofPairs.hits) reversals in \(ofPairs.cases) mirror cases")
    }

    @Test func aMirrorCaseIsDecidedByItsStartAndRegeneratesAndReplaysExactly() {
        let mirror = casesOfAKind(Gen.zip(Self.lists, Self.lists), seed: 5, count: 1_600) { $0.isMirrorCase }
        #expect(mirror == 100, "one case in sixteen, got \(mirror) in 1,600")
    }
}
