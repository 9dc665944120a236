import Foundation
import Testing
import TrialSupport

/// `Decimal`: conversions from `Double` and from text, its string round trip, and arithmetic laws.
@Suite struct DecimalTrials {

    /// Decimals of up to 18 significant digits, with exponents of ±20.
    static let decimals = Gen.zip(
        Gen<Int64>.int(in: -999_999_999_999_999_999...999_999_999_999_999_999), Gen.int(in: -20...20)
    ).map { significand, exponent in
        Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
    }

    static let fromDouble = Trial(
        "Decimal(Double) holds the double: reading its digits back gives the same double", Gen.anyDouble()
    ) { double in
        // Within the magnitudes Decimal holds (its exponent spans about ±128 digits).
        guard double == 0 || (1e-100...1e100).contains(abs(double)) else { return }
        let decimal = Decimal(double)
        try ensureEqual(Double(decimal.description), double, "Double(\"\(decimal)\")")
    }

    /// Text of digits, signs, points, exponents, letters, spaces and commas.
    static let numericText = Gen.string(of: Gen.element(of: Array("0123456789-+.eEx ,")), length: 1...6)

    static let parsesOnlyNumbers = Trial("Decimal(string:) accepts only text that is a number", numericText) { text in
        guard let decimal = Decimal(string: text) else { return }
        try ensure(Double(text) != nil, "Decimal(string: \"\(text)\") is \(decimal), but \"\(text)\" is not a number")
    }

    static let stringRoundTrip = Trial("Decimal(string: d.description) == d", decimals) { decimal in
        try ensureEqual(Decimal(string: decimal.description), decimal, "Decimal(string: \"\(decimal)\")")
    }

    static let laws = Trial(
        "Decimal addition and multiplication commute; a - a == 0; -(-a) == a",
        Gen.zip(decimals, decimals).map { [$0, $1] }
    ) { terms in
        let (a, b) = (terms[0], terms[1])
        try ensureEqual(a + b, b + a, "a + b == b + a")
        try ensureEqual(a * b, b * a, "a * b == b * a")
        try ensureEqual(a - a, 0, "a - a == 0")
        try ensureEqual(-(-a), a, "-(-a) == a")
    }

    /// One unit in the 37th significant digit of `value`: what two roundings to 38 digits may lose.
    static func tolerance(_ value: Decimal) -> Decimal {
        abs(value) * Decimal(sign: .plus, exponent: -36, significand: 1)
    }

    static let addition = Trial("(a + b) - a == b, within 38 digits", Gen.zip(decimals, decimals).map { [$0, $1] }) {
        terms in
        let (a, b) = (terms[0], terms[1])
        let sum = a + b
        try ensure(abs((sum - a) - b) <= tolerance(sum) + tolerance(a), "\(a) + \(b) = \(sum), less \(a) is \(sum - a)")
    }

    static let fractions = Gen.zip(Gen.int(in: -1000...1000), Gen.int(in: 1...1000)).map(LongDivision.init)

    static let division = Trial("Decimal division rounds its quotient to the nearest 38 digits", fractions) {
        fraction in
        let quotient = Decimal(fraction.dividend) / Decimal(fraction.divisor)
        try ensureEqual(quotient, Decimal(string: fraction.quotient), "\(fraction.dividend) / \(fraction.divisor)")
    }

    /// The least case is `0.9999999999999999`, the neighbour of `1` below it (`Gen.anyDouble`'s kind of the
    /// neighbours of powers of two, choices `[3, 0, 2, 0]`), which the search before issue 36 shrank to. Now the
    /// first failure is a bit pattern (`[4, 0, 0, 2585313975038230]`, `1.574055020194526`) that shrinks to
    /// `1.0000000000000004` (`[4, 0, 0, 2]`, two units above `1`) and stops there: a WORSE shrink, a local
    /// minimum. Lower and regenerate tries the lower kind with the bit pattern's choices (`[3, 0, 0, 2]`
    /// makes `-1.0`) or with the simplest ones (`[3, 0, 0, 0]`, `1.0`), both passing; the least case needs
    /// one of the rest at 2 as well, which raising one choice of the simplest rest would reach. So the pin
    /// says what every shrink must show, the defect and its size: a double within two units in the last
    /// place of `1` that `Decimal` does not give back (`1.0000000000000002` it does).
    @Test func fromDoubleLosesTheDouble() async {
        await Self.fromDouble.expectKnownDefect(
            cases: 1000, shrunkShows: "a neighbour of 1, within two units in its last place, that Decimal changes",
            { double in
                abs(double - 1) <= 2 * (1.0).ulp && Double(Decimal(double).description) != double
            },
            minimal: 0.999_999_999_999_999_9,
            """
            Decimal(0.9999999999999999) is 0.9999999999999997952; Decimal(2465647476166459.0) \
            is 2465647476166459.392, Decimal(123.456) is 123.45599999999997952 (swift-corelibs-foundation#3913)
            """
        )
    }

    @Test func divisionTruncatesItsLastDigit() async {
        await Self.division.expectKnownDefect(
            cases: 1000, shrinksTo: LongDivision(dividend: 1, divisor: 6),
            """
            Decimal(1) / 6 is 0.16666666666666666666666666666666666666, \
            not …667 (and 1 / 11 is 0.0909…0909, not …0909091)
            """
        )
    }

    /// Pinned by what the failure shows, not by one case: `a + b` is `a` exactly, the smaller term dropped
    /// whole, with both terms short. The least such case is `4000000000000000000 + 0.00000000000000000801`
    /// (reached since issue 36's search; the search before reached `6553600000000000000 + 0.00000000000000001311`,
    /// five digits and four): `a` is the least one-digit term whose sum with a term at exponent −20 overflows
    /// Decimal's 128-bit significand (`3e18 + 0.00000000000000000601` is exact), and `b` the least beyond
    /// the two 37th-digit tolerances of the property (`8e-18`).
    @Test func additionDropsTheSmallerTermWhenTheSumNeedsRounding() async {
        await Self.addition.expectKnownDefect(
            cases: 1000,
            shrunkShows: "a sum a + b that is a exactly, b not 0, a of at most 5 significant digits and b of at most 4",
            { terms in
                let (a, b) = (terms[0], terms[1])
                return b != 0 && a + b == a && significantDigits(of: abs(a).description) <= 5
                    && significantDigits(of: abs(b).description) <= 4
            },
            minimal: [Decimal(string: "4000000000000000000")!, Decimal(string: "0.00000000000000000801")!],
            """
            4000000000000000000 + 0.00000000000000000801 drops the smaller term whole, \
            where 38 significant digits keep 0.0000000000000000080; \
            17573903076751883000 + 0.00001305831822723515 keeps 0.0000130583182272 of it, 36 digits in all
            """
        )
    }

    @Test func stringParsingStopsAtTheFirstNonDigit() async {
        await Self.parsesOnlyNumbers.expectKnownDefect(
            cases: 1000, shrinksTo: "-",
            "Decimal(string: \"-\") is 0: a sign alone, or a numeric prefix followed by anything, is accepted")
    }

    @Test func descriptionRoundTrips() async { await Self.stringRoundTrip.expectHolds(cases: 500) }
    @Test func arithmeticLawsHold() async { await Self.laws.expectHolds(cases: 500) }
}
