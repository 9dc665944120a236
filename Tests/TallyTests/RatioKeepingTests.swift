import Testing

@testable import Tally

/// **Keep a ratio**: a failure that depends on what one value divided by another leaves, which no descent
/// of one value moves.
@Suite struct RatioKeepingTests {
    /// A shelf label's price per item, rounded half to even where half up was meant: they differ when the
    /// pack's price divided by its count ends in exactly half a cent below an even cent.
    static func labelIsWrong(_ packPrice: Int, _ count: Int) -> Bool {
        let (quotient, remainder) = packPrice.quotientAndRemainder(dividingBy: count)
        let halfEven = 2 * remainder > count || (2 * remainder == count && quotient % 2 == 1) ? quotient + 1 : quotient
        return halfEven != (2 * packPrice + count) / (2 * count)
    }

    @Test func aPackPriceAndItsCountComeDownToOneCentForTwo() async {
        // Three cents for six: a count drawn from 1, so the shrinker sees 5 for six items.
        let packs = Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 1...24))
        let result = await ShrinkPassTests.withAndWithout("keep a ratio", packs, from: [3, 5]) {
            Self.labelIsWrong($0, $1)
        }
        #expect(result.all == (1, 2))
        #expect(result.without != (1, 2), "without the pass: \(result.without)")
    }

    /// The pass divides values, whatever the range's origin: a count of at least two items, six of them,
    /// divides three cents as a count from 1 does (before a case knew its origins, 0 and 1 were guessed).
    @Test func aRangeFromTwoDividesByItsValue() async {
        let packs = Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 2...24))
        let result = await ShrinkPassTests.withAndWithout("keep a ratio", packs, from: [3, 4]) {
            Self.labelIsWrong($0, $1)
        }
        #expect(result.all == (1, 2))
        #expect(result.without != (1, 2), "without the pass: \(result.without)")
    }
}
