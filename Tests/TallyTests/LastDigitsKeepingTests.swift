import Testing
@testable import Tally

/// **Keep the last digits**: an amount that fails for its cents, where every amount near it passes.
@Suite struct LastDigitsKeepingTests {
    @Test func anAmountThatFailsForItsCentsKeepsThem() async {
        // 30% of an amount lands on half a cent when the amount ends in 5: $270.15, or $0.05. The rate
        // comes first, so moving a product to it would make the case larger.
        let coinsurance = Gen.zip(Gen.int(in: 0...10), Gen.int(in: 0...500_000))
        let result = await ShrinkPassTests.withAndWithout("keep the last digits", coinsurance, from: [6, 27_015]) { steps, cents in
            steps == 6 && (cents * 3_000) % 10_000 == 5_000
        }
        #expect(result.all == (6, 5))
        #expect(result.without != (6, 5), "without the pass: \(result.without)")
    }

    /// A failure that comes back every fourth cent (amounts of 1, 5, 9, … cents at some rate) keeps its
    /// remainder: 4,537 cents comes down to 1 cent.
    @Test func anAmountThatFailsEveryFewCentsKeepsItsRemainder() async {
        let result = await ShrinkPassTests.withAndWithout("keep the last digits", Gen.int(in: 0...1_000_000), from: [4_537]) { $0 % 4 == 1 }
        #expect(result.all == 1)
        #expect(result.without != 1, "without the pass: \(result.without)")
    }

    /// A failure above a threshold at the amounts that end in 1 to 4 cents only: lowering one cent at a time
    /// meets a passing amount at once, while the least, 25,001, keeps the last digit.
    @Test func anAmountAboveAThresholdComesDownKeepingItsLastDigit() async {
        let result = await ShrinkPassTests.withAndWithout("keep the last digits", Gen.int(in: 0...1_000_000), from: [62_541]) {
            $0 > 25_000 && (1...4).contains($0 % 10)
        }
        #expect(result.all == 25_001)
        #expect(result.without != 25_001, "without the pass: \(result.without)")
    }

    @Test func candidatesAreLastDigitsAndSmallRemaindersLeastFirst() {
        #expect(Shrinker.lastDigits(of: 4_537) == [1, 2, 5, 7, 9, 37, 537])
        #expect(Shrinker.lastDigits(of: 305) == [1, 2, 4, 5, 6, 8, 11])
        #expect(Shrinker.lastDigits(of: 7) == [1, 2, 3])
    }
}
