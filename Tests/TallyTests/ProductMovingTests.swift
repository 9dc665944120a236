import Testing

@testable import Tally

/// **Move a product**: a failure that depends on what a product leaves in its last digits, which no
/// descent of one value moves.
@Suite struct ProductMovingTests {
    /// A price split into the amount paid and the discount, each rounded half up on its own: the shares
    /// add up to a cent more than the price exactly when price × percent ends in 50.
    static func sharesMiss(_ cents: Int, _ percent: Int) -> Bool {
        (cents * (100 - percent) + 50) / 100 + (cents * percent + 50) / 100 != cents
    }

    @Test func theDiscountBugComesDownToOneCentAtHalf() async {
        let discount = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...100))
        // $6,474.25 at 26%: every neighbour of either value passes.
        let result = await ShrinkPassTests.withAndWithout("move a product", discount, from: [647_425, 26]) {
            Self.sharesMiss($0, $1)
        }
        #expect(result.all == (1, 50))
        #expect(result.without != (1, 50), "without the pass: \(result.without)")
    }

    @Test func aProductInRangeMovesWhole() async {
        // Fails when the product is exactly 96: only moving it whole onto the second reaches (1, 96).
        let pair = Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100))
        let result = await ShrinkPassTests.withAndWithout("move a product", pair, from: [12, 8]) { $0 * $1 == 96 }
        #expect(result.all == (1, 96))
        #expect(result.without != (1, 96), "without the pass: \(result.without)")
    }

    @Test func basisPointsTakenForPercentComeDownToSixCents() async {
        // A fee in basis points handed to a whole-percent helper drops the hundredths of a percent. The fee
        // of 55 cents at 4.55% rounds up, at 4% it does not, and every neighbour of either value passes; the
        // least case needs the rate raised while the amount comes down: 8.34% of six cents.
        let fee = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000))
        let result = await ShrinkPassTests.withAndWithout("move a product", fee, from: [55, 455]) {
            amount, basisPoints in
            (amount * (basisPoints / 100) + 50) / 100 != (amount * basisPoints + 5_000) / 10_000
        }
        #expect(result.all == (6, 834))
        #expect(result.without != (6, 834), "without the pass: \(result.without)")
    }

    @Test func aProductComesDownOntoHalfACent() async {
        // Basis points taken for percent, first failing at 118 cents at 9.97%: no last digits of the
        // product 117,646 fit a rate of at most 1,000 above half a cent, while the landmark 5,001 gives
        // 6 cents at 8.34%, the least case, at once. Without it, the lowerings walk the amount down
        // through many failing cases (122 evaluations from here); the bound says the jump happened.
        let fee = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000))
        let outcome = await shrink(fee, from: [118, 997]) { amount, basisPoints in
            (amount * (basisPoints / 100) + 50) / 100 != (amount * basisPoints + 5_000) / 10_000
        }
        #expect(outcome.value == (6, 834))
        #expect(outcome.shrinker.evaluations <= 50, "\(outcome.shrinker.evaluations) evaluations")
    }

    /// A rate in 1...10 percent multiplies an amount by its value, not by its distance from 1: a late fee
    /// that fails from $312.51 at 8% (every balance whose 8% passes $25.00 by less than half a cent) moves
    /// onto the least case, $250.01 at 10%, whose product 250,010 is 250,008's nearest at that rate. The
    /// product of distances, 218,757, lands below the $25.00 floor at every rate, where the case passes.
    @Test func aRateFromOneMultipliesByItsValue() async {
        let lateFee = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...10))
        func isLate(_ balance: Int, _ percent: Int) -> Bool {
            let printed = min(balance, max(2_500, (balance * percent + 50) / 100))
            return printed * 100 < min(balance * 100, max(250_000, balance * percent))
        }
        let moved = await shrink(
            lateFee, from: [31_251, 7], passes: ShrinkPass.all.filter { $0.name == "move a product" }, isLate)
        #expect(moved.value == (25_001, 10))
        #expect(moved.shrinker.improvements == 1)
    }

    @Test func aCaseKnowsEachIntegersValue() {
        var source = ChoiceSource(replaying: [31_251, 7, 3])
        _ = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...10), Gen.int(in: -5...(-2))).generate(&source)
        let recorded = FailingCase(recordedBy: source)
        #expect((0..<3).map(recorded.value(at:)) == [31_251, 8, -5])
        #expect((0..<3).map(recorded.origin(at:)) == [0, 1, -2])
    }

    @Test func halfLandmarksLieBelowTheProduct() {
        #expect(Shrinker.halfLandmarks(below: 117_646) == [50, 51, 500, 501, 5_000, 5_001, 50_000, 50_001])
        #expect(Shrinker.halfLandmarks(below: -700) == [-50, -51, -500, -501])
        #expect(Shrinker.halfLandmarks(below: 50).isEmpty)
        #expect(Shrinker.productTargets(117_646, landmarks: true).suffix(2) == [50_000, 50_001])
        #expect(Shrinker.productTargets(117_646) == [117_646, 17_646, 7_646, 646, 46, 6])
    }

    /// Basis points taken for percent, the amount at 16 cents and the rate at 9.38%: the product's last four
    /// digits, 5,008, move onto 6 cents at 8.35%, one step above the least case; the landmark 5,001, tried
    /// first for a rate finer than a percent, moves onto 8.34% itself. The step left cost a round of every
    /// pass (over `tally-bench money`, basis points' median 69 -> 41 evaluations).
    @Test func aRateFinerThanAPercentTriesTheHalfCentFirst() async {
        let fee = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000))
        let moved = await shrink(fee, from: [16, 938], passes: ShrinkPass.all.filter { $0.name == "move a product" }) {
            amount, basisPoints in
            (amount * (basisPoints / 100) + 50) / 100 != (amount * basisPoints + 5_000) / 10_000
        }
        #expect(moved.value == (6, 834))
        #expect(moved.shrinker.improvements == 1, "one move, not a move and a step")
        #expect(
            Shrinker.productTargets(15_008, landmarks: true, landmarksFirst: true)
                == [15_008, 50, 51, 500, 501, 5_000, 5_001, 5_008, 8])
        // A percentage's last two digits are the half cent itself: its landmarks stay last.
        #expect(Shrinker.productTargets(1_350, landmarks: true).prefix(3) == [1_350, 350, 50])
    }

    @Test func aProductOutOfRangeMovesAsFarAsTheRangeAllows() {
        // 25,025 does not fit a rate of at most 1,000: the amount comes down to 26, the rate up to 963.
        #expect(Shrinker.fitted(25_025, below: 55, into: 1_000)! == (26, 963))
        #expect(Shrinker.fitted(25_025, below: 26, into: 1_000) == nil)
        #expect(Shrinker.fitted(-25_025, below: 55, into: 1_000) == nil)
    }

    @Test func targetsKeepTheMostDigitsFirst() {
        #expect(Shrinker.productTargets(16_833_050) == [16_833_050, 6_833_050, 833_050, 33_050, 3_050, 50])
        #expect(Shrinker.productTargets(-150) == [-150, -50])
        #expect(Shrinker.productTargets(7) == [7])
        // A product of two 64-bit values above 10³⁸: the modulus stops before it overflows (it trapped).
        let huge = Shrinker.productTargets(.max)
        #expect(
            huge.count == 35 && huge[1] == 70_141_183_460_469_231_731_687_303_715_884_105_727 && huge.last == 7,
            "\(huge)")
    }
}
