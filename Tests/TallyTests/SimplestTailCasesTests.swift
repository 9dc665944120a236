import Testing

@testable import Tally

@Suite struct SimplestTailCasesTests {
    /// A refund converted to another currency and back at a rate in millionths, each way rounded half up:
    /// below parity two amounts convert to the same, and one comes back as the other. It fails for half the
    /// amounts at the lowest rate and for about one case in twelve drawn uniformly.
    static let roundTrip = Property(
        "a refund converts back to itself", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 500_000...2_000_000))
    ) { cents, rate in
        let converted = (cents * rate + 500_000) / 1_000_000
        try ensureEqual((converted * 1_000_000 + rate / 2) / rate, cents, "the amount refunded")
    }

    @Test func theOpeningCycleHoldsThreeAndNoLaterCycleAny() {
        let pairs = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 500...2_000))
        var source = ChoiceSource(random: RandomSource(seed: 4), recording: false)
        var tails: [Int] = []
        for index in 0..<64 {
            source.startCase(slot: index, size: nil)
            let (first, second) = pairs.generate(&source)
            guard source.isSimplestTailCase else { continue }
            tails.append(index)
            #expect(second == 500, "a later integer takes its simplest value, the range's lower end")
            #expect(first != 0, "the first draw is uniform")
        }
        #expect(tails == [0, 3, 6])
    }

    @Test func aSimplestTailCaseRegeneratesAndReplaysExactly() {
        let lists = Gen.zip(Gen.int(in: -50...50), Gen.int(in: 0...1000).array())
        let tails = casesOfAKind(lists, seed: 3, count: 48) { $0.isSimplestTailCase }
        #expect(tails == 3)
    }

    /// Why the cases exist: a bug that needs the later argument at its least. Without them the first
    /// seven cases found it from 12 of the 20 seeds, with them from 20 (measured when they were
    /// added): three of those seven cases fail for half the amounts.
    @Test func aRateAtItsFloorIsFoundInTheFirstSevenCases() async {
        var found = 0
        for seed in UInt64(1)...20 {
            var configuration = PropertyTests.configuration(seed: seed)
            configuration.iterations = 7
            configuration.shrinks = false
            if await Self.roundTrip.check(configuration).counterexample != nil { found += 1 }
        }
        #expect(found >= 17, "found from \(found) of 20 seeds")
    }
}
