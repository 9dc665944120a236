import Testing

@testable import Tally

/// **Factor a product**: a failure that depends on a product's remainder, which a product kept only
/// approximately loses.
@Suite struct ProductFactoringTests {
    /// A refund for the unused days of a 30-day month, previewed half up where the invoice rounds half to
    /// even: they differ when the monthly price times the days ends in half a cent below an even cent.
    static func previewIsWrong(_ monthly: Int, _ unusedDays: Int) -> Bool {
        let exact = monthly * unusedDays
        let (quotient, remainder) = exact.quotientAndRemainder(dividingBy: 30)
        let halfEven = 2 * remainder > 30 || (2 * remainder == 30 && quotient % 2 == 1) ? quotient + 1 : quotient
        return (exact + 15) / 30 != halfEven
    }

    @Test func aRefundForOneDayComesDownToFifteenCents() async {
        let refunds = Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 0...30))
        let result = await ShrinkPassTests.withAndWithout("factor a product", refunds, from: [43_395, 1]) {
            Self.previewIsWrong($0, $1)
        }
        #expect(result.all == (1, 15))
        #expect(result.without != (1, 15), "without the pass: \(result.without)")
    }

    @Test func theSecondFactorIsTheLargestThatDividesTheProduct() {
        #expect(Shrinker.factored(43_395, below: 43_395, into: 30)! == (2_893, 15))
        #expect(Shrinker.factored(43_391, below: 43_391, into: 30) == nil)
    }
}
