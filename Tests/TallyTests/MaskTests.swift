import Testing

@testable import Tally

@Suite struct MaskTests {
    static let words: [UInt64] = [0, 1, 2, 3, 7, 8, 1 << 62, (1 << 63) - 1, 1 << 63, .max - 1, .max]

    @Test(arguments: words)
    func selectTakesTheChosenWordUnderAFullMaskAndTheOtherUnderAnEmptyOne(word: UInt64) {
        #expect(Mask.select(word, over: 0x5A5A, where: Mask.all(1)) == word)
        #expect(Mask.select(word, over: 0x5A5A, where: Mask.all(0)) == 0x5A5A)
        #expect(Mask.all(1) == .max)
    }

    @Test(arguments: words)
    func isZeroIsOneForZeroAndZeroForEveryOtherWord(word: UInt64) {
        #expect(Mask.isZero(word) == (word == 0 ? 1 : 0))
    }

    @Test(arguments: UInt64(1)...8)
    func isNonzeroIsOneForEveryValueItTakesButZero(bits: UInt64) {
        for value in [0, 1, 2, (1 << bits) / 2, (1 << bits) - 1] as [UInt64] {
            #expect(Mask.isNonzero(value, below: bits) == (value == 0 ? 0 : 1), "\(value) below 2^\(bits)")
        }
    }

    @Test(arguments: words.filter { $0 < 1 << 63 })
    func isBelowAgreesWithLessThanBelowTwoToTheSixtyThird(word: UInt64) {
        for limit in Self.words where limit < 1 << 63 {
            #expect(Mask.isBelow(word, limit) == (word < limit ? 1 : 0), "\(word) < \(limit)")
        }
    }
}
