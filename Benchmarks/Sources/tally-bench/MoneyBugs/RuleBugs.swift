import Tally

/// Money bugs of a rule applied slightly wrong: a split, a tax-inclusive price, a cap, a conversion, a
/// rate's unit, a threshold — each off by a cent at its smallest.
///
/// Every bug draws with plain range generators as users write them (see ``RoundingBugs`` on whole-dollar
/// amounts).
enum RuleBugs {
    static let all = [billSplit, vatInclusive, halfPriceCap, currencyRoundTrip, basisPoints, lateFee]

    /// A bill split in equal shares, each rounded half up: the shares lose the remainder, or invent cents.
    ///
    /// Minimum `(1, 2)`: a one-cent bill split in two is charged twice. A whole-dollar bill fails too,
    /// least at `(100, 3)` (three shares of 33 cents).
    static let billSplit = MoneyBug(
        "bill_split", minimum: "(1, 2)", Gen.zip(Gen.cents(in: 0...100_000), Gen.int(in: 1...20))
    ) { bill, people in
        let shares = Array(repeating: (bill + people / 2) / people, count: people)
        try ensureEqual(shares.reduce(0, +), bill, "the shares sum to the bill")
    }

    /// A tax-inclusive price taken as tax-exclusive: the receipt splits a shelf price that includes VAT
    /// into its net and its VAT, but computes the VAT on the rounded net as if VAT were added to it, where
    /// the VAT is what remains of the shelf price.
    ///
    /// Minimum `(2, 25)`: two cents at 25% VAT make a net of 2 cents (1.6 rounded) and a VAT of 1 cent (0.5
    /// rounded): a receipt of 3 cents. A whole-dollar price fails too, least at `(100, 13)`.
    static let vatInclusive = MoneyBug(
        "vat_inclusive", minimum: "(2, 25)", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...30))
    ) { gross, vatPercent in
        let net = (gross * 100 + (100 + vatPercent) / 2) / (100 + vatPercent)
        let vat = (net * vatPercent + 50) / 100
        try ensureEqual(net + vat, gross, "the receipt's net + VAT == the shelf price")
    }

    /// A cap applied before rounding instead of after: a coupon takes at most half the price, but the cap
    /// is applied to the exact discount, which then rounds up past half of an odd price.
    ///
    /// Minimum `(1, 50)`: half of one cent rounds up to a one-cent discount, and the customer pays nothing.
    /// Whole-dollar prices never fail (half of them is whole cents).
    static let halfPriceCap = MoneyBug(
        "half_price_cap", minimum: "(1, 50)", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...100))
    ) { price, percent in
        let discount = (min(price * percent, price * 50) + 50) / 100
        try ensure(2 * (price - discount) >= price, "the customer pays at least half the price")
    }

    /// A conversion and its inverse that do not round-trip: a refund converts the customer's amount to the
    /// shop's currency and back, at a rate in millionths (0.5 to 2 units a dollar), each way rounded half
    /// up; below parity two amounts convert to the same, and one comes back as the other.
    ///
    /// Minimum `(1, 500000)`: one cent at 0.5 converts to one unit, which comes back as two cents. A
    /// whole-dollar amount fails too, least at `(100, 502513)`.
    static let currencyRoundTrip = MoneyBug(
        "currency_round_trip", minimum: "(1, 500000)",
        Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 500_000...2_000_000))
    ) { cents, rate in
        let converted = (cents * rate + 500_000) / 1_000_000
        let back = (converted * 1_000_000 + rate / 2) / rate
        try ensureEqual(back, cents, "converting to the shop's currency and back gives the amount refunded")
    }

    /// Basis points and percent mixed up: the card fee is in basis points (290 is 2.90%), but the code
    /// hands it to the shared whole-percent helper as `bps / 100`, dropping the hundredths of a percent.
    ///
    /// Minimum `(6, 834)`: 8.34% of six cents is just over half a cent, a fee of 1 cent; 8% of it is none. A
    /// whole-dollar amount fails too, least at `(100, 50)` (0.50% of $1.00).
    static let basisPoints = MoneyBug(
        "basis_points", minimum: "(6, 834)", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...1_000))
    ) { amount, feeBasisPoints in
        let percent = feeBasisPoints / 100
        let fee = (amount * percent + 50) / 100
        try ensureEqual(
            fee, (amount * feeBasisPoints + 5000) / 10000, "the fee is the basis points of the amount, rounded half up")
    }

    /// The minimum payment printed on a card statement: `percent`% of the balance rounded half up, at least
    /// $25.00, at most the balance.
    static func minimumPayment(balance: Int, percent: Int) -> Int {
        min(balance, max(2500, (balance * percent + 50) / 100))
    }

    /// The late-fee job's test, written against the exact minimum (in hundredths of a cent), not the
    /// rounded one the statement prints.
    static func isLate(payment: Int, balance: Int, percent: Int) -> Bool {
        payment * 100 < min(balance * 100, max(250_000, balance * percent))
    }

    /// An amount that crosses a threshold by less than a cent: a customer who pays exactly the minimum
    /// printed is charged a late fee when the minimum was rounded down.
    ///
    /// Minimum `(25001, 10)`: 10% of $250.01 is $25.001, printed as $25.00, which is below it; a smaller
    /// balance needs a larger percentage than 10 to leave the $25.00 floor. Whole-dollar balances never fail.
    static let lateFee = MoneyBug(
        "late_fee", minimum: "(25001, 10)", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 1...10))
    ) { balance, percent in
        let payment = minimumPayment(balance: balance, percent: percent)
        try ensure(
            !isLate(payment: payment, balance: balance, percent: percent), "paying the minimum printed is never late")
    }
}
