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

    @Test func lastDigitsAreFewestFirstWithoutZerosOrRepeats() {
        #expect(Shrinker.lastDigits(of: 4_537) == [7, 37, 537])
        #expect(Shrinker.lastDigits(of: 305) == [5])
        #expect(Shrinker.lastDigits(of: 10) == [])
    }
}
