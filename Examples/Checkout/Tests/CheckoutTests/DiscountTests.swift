import Checkout
import Foundation
import Tally
import Testing

/// The engine under test; `CHECKOUT_PLANTED_BUG=1` swaps in a copy with a planted bug, to see the
/// property fail, the fuzz find it and the replay line replay it.
let splitUnderTest = ProcessInfo.processInfo.environment["CHECKOUT_PLANTED_BUG"] == "1" ? plantedSplit : split

/// `split` with the bug the property exists for: both shares rounded half up on their own, so that at
/// a price × percentage ending in 50 they add up to a cent more than the price.
func plantedSplit(cents: Int, percentOff percent: Int) -> DiscountSplit {
    let discount = (cents * percent + 50) / 100
    return DiscountSplit(pay: (cents * (100 - percent) + 50) / 100, discount: discount)
}

@Test func payAndDiscountAddUpToThePrice() async {
    await forAll(Gen.cents(in: 0...100_000), Gen.int(in: 0...100)) { cents, percent in
        let shares = splitUnderTest(cents, percent)
        #expect(shares.pay + shares.discount == cents)
    }
}

@Test func theDiscountIsThePercentageRoundedToTheCent() async {
    await forAll(Gen.cents(in: 0...100_000), Gen.int(in: 0...100)) { cents, percent in
        let discount = splitUnderTest(cents, percent).discount
        // Within half a cent of the exact percentage: 100 × |discount − cents × percent / 100| ≤ 50.
        #expect(abs(discount * 100 - cents * percent) <= 50)
    }
}

/// A negative price or a percentage above 100 is a caller's mistake, stopped at once.
@Test func aPriceBelowZeroOrAPercentageAbove100Traps() async {
    await #expect(processExitsWith: .failure) { _ = split(cents: -1, percentOff: 10) }
    await #expect(processExitsWith: .failure) { _ = split(cents: 100, percentOff: 101) }
}
