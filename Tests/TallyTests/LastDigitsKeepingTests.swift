import Testing

@testable import Tally

/// **Keep the last digits**: an amount that fails for its cents, where every amount near it passes.
@Suite struct LastDigitsKeepingTests {
    @Test func anAmountThatFailsForItsCentsKeepsThem() async {
        // 30% of an amount lands on half a cent when the amount ends in 5: $270.15, or $0.05. The rate
        // comes first, so moving a product to it would make the case larger.
        let coinsurance = Gen.zip(Gen.int(in: 0...10), Gen.int(in: 0...500_000))
        let result = await ShrinkPassTests.withAndWithout("keep the last digits", coinsurance, from: [6, 27_015]) {
            steps, cents in
            steps == 6 && (cents * 3_000) % 10_000 == 5_000
        }
        #expect(result.all == (6, 5))
        #expect(result.without != (6, 5), "without the pass: \(result.without)")
    }

    /// A failure that comes back every fourth cent (amounts of 1, 5, 9, … cents at some rate) keeps its
    /// remainder: 4,537 cents comes down to 1 cent.
    @Test func anAmountThatFailsEveryFewCentsKeepsItsRemainder() async {
        let result = await ShrinkPassTests.withAndWithout(
            "keep the last digits", Gen.int(in: 0...1_000_000), from: [4_537]
        ) { $0 % 4 == 1 }
        #expect(result.all == 1)
        #expect(result.without != 1, "without the pass: \(result.without)")
    }

    /// A failure above a threshold at the amounts that end in 1 to 4 cents only: lowering one cent at a time
    /// meets a passing amount at once, while the least, 25,001, keeps the last digit.
    @Test func anAmountAboveAThresholdComesDownKeepingItsLastDigit() async {
        let result = await ShrinkPassTests.withAndWithout(
            "keep the last digits", Gen.int(in: 0...1_000_000), from: [62_541]
        ) {
            $0 > 25_000 && (1...4).contains($0 % 10)
        }
        #expect(result.all == 25_001)
        #expect(result.without != 25_001, "without the pass: \(result.without)")
    }

    /// An amount that fails for its size as well as its last digits fails one stride lower, and every other
    /// candidate, below its size, passes: after the least candidate the pass tries ten lower, where it tried
    /// every remainder and shorter tail first (over `tally-bench money`, the late fee's median 70 -> 64
    /// evaluations). The order is the point, so the test pins the values tried.
    @Test func anAmountAboveAThresholdTriesTenLowerAfterItsLeastCandidate() async {
        var tried: [Int] = []
        let result = await shrink(
            Gen.int(in: 0...1_000_000), from: [312_263],
            passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) { amount in
            tried.append(amount)
            return amount > 25_000 && (1...4).contains(amount % 10)
        }
        // The starting case, then its least candidate (its remainder by 2), then ten lower. The search then
        // starts near zero, at 3 and 13: ten lower failing is what tells it a threshold, so it does not step
        // twenty lower to ask again (over `tally-bench money`, late fee 52 -> 51 evaluations).
        #expect(Array(tried.prefix(5)) == [312_263, 1, 312_253, 3, 13])
        #expect(!tried.contains(312_243))
        #expect(result.value == 25_001)
    }

    /// Brought down ten at a time to $250.03, a balance whose minimum payment rounds down fails at $250.01
    /// too: the pass lowers the last digit at once, so every pass after it meets the least case in this
    /// round (over `tally-bench money`, the late fee's median 66 -> 57 evaluations). Where the last digit is
    /// what fails, one evaluation, one below, is all it costs.
    @Test func anAmountBroughtDownByStridesLowersItsLastDigit() async {
        let keepLastDigits = ShrinkPass.all.filter { $0.name == "keep the last digits" }
        let lowered = await shrink(Gen.int(in: 0...1_000_000), from: [312_263], passes: keepLastDigits) {
            $0 > 25_000 && (1...4).contains($0 % 10)
        }
        #expect(lowered.value == 25_001)
        var tried: [Int] = []
        let kept = await shrink(Gen.int(in: 0...1_000_000), from: [312_263], passes: keepLastDigits) { amount in
            tried.append(amount)
            return amount > 25_000 && amount % 10 == 3
        }
        #expect(kept.value == 25_003)
        #expect(tried.filter { (25_000...25_002).contains($0) } == [25_002], "tried: \(tried)")
    }

    /// A multipack's price per item rounded half to even where half up was meant fails when the price is
    /// half an odd multiple of the count (`price % 44 == 11` for 22 items), and no remainder by 2 to 6 or
    /// last digits of $124.63 does: the pass tries the price's remainder by the count beside it, 11 cents
    /// (1 of 100 shrinks of the money bugs stopped at `(12463, 22)`).
    @Test func aPriceKeepsItsRemainderByACountBesideIt() async {
        let pack = Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 1...24))
        func labelDiffers(_ price: Int, _ count: Int) -> Bool {
            let (quotient, remainder) = price.quotientAndRemainder(dividingBy: count)
            let halfEven =
                2 * remainder > count || (2 * remainder == count && quotient % 2 == 1) ? quotient + 1 : quotient
            return halfEven != (2 * price + count) / (2 * count)
        }
        let alone = await shrink(
            pack, from: [12_463, 21], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }, labelDiffers)
        #expect(alone.value.0 <= 11, "the price comes down to its remainder by 22 or below: \(alone.value)")
        // A count below 17 as well: $2.00 for 16 fails as 8 cents for 16, and no remainder by 2 to 6 does.
        let sixteen = await shrink(
            pack, from: [200, 15], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }, labelDiffers)
        #expect(sixteen.value.0 <= 8, "the price comes down to its remainder by 16 or below: \(sixteen.value)")
        let whole = await shrink(pack, from: [12_463, 21], labelDiffers)
        #expect(whole.value == (1, 2))
    }

    /// A refund for 21 unused days of 30, previewed half up where the invoice rounds half to even, fails at
    /// 15, 35 and 55 cents and passes at 5, 25 and 45: every other stride of ten, by the parity of the
    /// quotient. Ten lower passes, so the pass tries twenty lower; without it, `(35, 21)` stayed (4 of 200
    /// shrinks of the money bugs stopped there or at `(55, 21)`).
    @Test func anAmountWhoseEveryOtherStrideFailsComesDownTwentyAtATime() async {
        func previewDiffers(_ monthly: Int, _ unusedDays: Int) -> Bool {
            let product = monthly * unusedDays
            let (quotient, remainder) = product.quotientAndRemainder(dividingBy: 30)
            let halfEven = 2 * remainder > 30 || (2 * remainder == 30 && quotient % 2 == 1) ? quotient + 1 : quotient
            return (product + 15) / 30 != halfEven
        }
        let alone = await shrink(
            Gen.int(in: 0...100_000), from: [55],
            passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) { previewDiffers($0, 21) }
        #expect(alone.value == 15, "the least amount failing at 21 days")
        let whole = await shrink(
            Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 0...30)), from: [35, 21], previewDiffers)
        #expect(whole.value == (1, 15))
    }

    /// Basis points taken for percent: a fee of 0.48% on $1.05 is half a cent, where 0% was charged. Once
    /// the amount's last digits come down to `(105, 48)`, its product, 5,040, moves at once onto six cents
    /// at 8.40%; waiting for the next round, **redistribute** first stepped the pair through `(104, 49)` …
    /// `(54, 99)` (over 100 shrinks of the money bugs, a median of 91 evaluations, now 69).
    @Test func anAmountBroughtDownMovesItsProductAtOnce() async {
        let basisPoints = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000))
        let alone = await shrink(
            basisPoints, from: [105_115, 48], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) { amount, feeBasisPoints in
            (amount * (feeBasisPoints / 100) + 50) / 100 != (amount * feeBasisPoints + 5_000) / 10_000
        }
        #expect(alone.value.0 < 10, "the pass alone moves the product onto a few cents: \(alone.value)")
    }

    /// Run every round, right after **move a product**, rather than only where every other pass is stuck:
    /// a late fee's balance of $1,839.61 at 2% comes down ten cents at a time from the start, where the
    /// lowerings first stepped through many failing balances in between (154 evaluations against 199; over
    /// the money bugs of `tally-bench money`, a median of 109 for the late fee, where it was 181).
    @Test func anAmountComesDownTenAtATimeBeforeTheLowerings() async {
        let lateFee = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...10))
        func isLate(_ balance: Int, _ percent: Int) -> Bool {
            let printed = min(balance, max(2_500, (balance * percent + 50) / 100))
            return printed * 100 < min(balance * 100, max(250_000, balance * percent))
        }
        var lastResort = ShrinkPass.all
        var pass = lastResort.remove(at: lastResort.firstIndex { $0.name == "keep the last digits" }!)
        pass.isLastResort = true
        lastResort.append(pass)
        let now = await shrink(lateFee, from: [183_961, 1], isLate)
        let before = await shrink(lateFee, from: [183_961, 1], passes: lastResort, isLate)
        #expect(now.value == (25_001, 10) && before.value == (25_001, 10))
        #expect(
            now.shrinker.evaluations < before.shrinker.evaluations,
            "\(now.shrinker.evaluations) evaluations, \(before.shrinker.evaluations) as a last resort")
    }

    /// A 64-bit integer's last digits are kept too, as a last resort: a failure at every value ending in 37.
    @Test func aWideIntegerKeepsItsLastDigitsAsALastResort() async {
        let result = await ShrinkPassTests.withAndWithout(
            "keep the last digits of a wide integer", Gen<UInt64>.anyInt, from: [9_876_543_210_937]
        ) { $0 % 100 == 37 }
        #expect(result.all == 37)
        #expect(result.without != 37, "without the pass: \(result.without)")
    }

    /// A percentage keeps its last digit only: its remainders are values the lowerings reach in a
    /// few steps anyway, and tried every round they cost more than they found (over `tally-bench money`,
    /// medians of 74 -> 63 evaluations for invoice tax per line, 37 -> 28 for VAT-inclusive prices).
    @Test func aSmallRangeKeepsOnlyItsLastDigits() async {
        let percent = await shrink(
            Gen.int(in: 0...100), from: [97], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) {
            $0 == 97
        }
        // 7, then 87 (ten lower, keeping the last digit).
        #expect(percent.shrinker.statistics["keep the last digits"]?.candidates == 2)
        let amount = await shrink(
            Gen.int(in: 0...101), from: [97], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) {
            $0 == 97
        }
        // Its last digits and remainders, ten lower and twenty lower.
        #expect(amount.shrinker.statistics["keep the last digits"]?.candidates == Shrinker.lastDigits(of: 97).count + 2)
        // A pick among at most 17 tasks keeps its last digit only too: its remainders are its smallest values,
        // which the lowerings try anyway (over `tally-bench money`, a late fee's rate of 1 to 10% tried at 2, 4
        // and 5% every round: 51 -> 49 evaluations).
        let pick = await shrink(
            Gen.int(in: 0...16), from: [13], passes: ShrinkPass.all.filter { $0.name == "keep the last digits" }
        ) {
            $0 == 13
        }
        #expect(pick.shrinker.statistics["keep the last digits"]?.candidates == 1, "3, its last digit")
    }

    @Test func candidatesAreLastDigitsAndSmallRemaindersLeastFirst() {
        #expect(Shrinker.lastDigits(of: 4_537) == [1, 2, 7, 37, 537])
        #expect(Shrinker.lastDigits(of: 305) == [1, 2, 5])
        #expect(Shrinker.lastDigits(of: 7) == [1, 2, 3])
        #expect(Shrinker.lastDigits(of: 12_463, residuesBy: [22, 30_000]) == [1, 3, 11, 63, 463, 2_463])
    }
}
