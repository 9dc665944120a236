import Tally

/// Money bugs of rounding: the right rule rounded the wrong way, or at the wrong step.
///
/// Every bug draws with plain range generators as users write them, amounts with `Gen.cents(in:)`. Where
/// `Gen.cents` draws whole-dollar amounts as a simpler choice of their own (as it did when these bugs were
/// written), Tally may stop at a failing whole-dollar case rather than at the minimum; so each bug says
/// whether one exists, and the least (from `money_bugs.py --verify-minima`).
enum RoundingBugs {
    static let all = [discountSplit, unitPriceHalfEven, prorationHalfUp, invoiceTaxPerLine, commissionOfFee]

    /// The code base's shared division helper: `amount / divisor` rounded half to even (banker's rounding).
    /// Both operands are non-negative, as every amount here is.
    static func dividedHalfEven(_ amount: Int, by divisor: Int) -> Int {
        let (quotient, remainder) = amount.quotientAndRemainder(dividingBy: divisor)
        return 2 * remainder > divisor || (2 * remainder == divisor && quotient % 2 == 1) ? quotient + 1 : quotient
    }

    /// A price split into the amount paid and the discount, each rounded half up on its own: when both end
    /// in exactly half a cent, both round up and the split invents a cent.
    ///
    /// Minimum `(1, 50)`: one cent at 50% off is paid as one cent with a one-cent discount. Whole-dollar
    /// prices never fail (a whole percent of them is whole cents).
    static let discountSplit = MoneyBug(
        "discount_split", minimum: "(1, 50)", Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...100))
    ) { cents, percent in
        let pay = (cents * (100 - percent) + 50) / 100
        let discount = (cents * percent + 50) / 100
        try ensureEqual(pay + discount, cents, "amount paid + discount == price")
    }

    /// Half to even where half up was meant: the shelf label shows a multipack's price per item rounded
    /// half up (the documented rule), but the label code calls the shared helper, which rounds ties to even.
    ///
    /// Minimum `(1, 2)`: a one-cent pack of two is labelled 0 cents an item, not 1. A whole-dollar pack
    /// fails too, least at `(100, 8)` ($1.00 for eight: 12.5 cents labelled 12).
    static let unitPriceHalfEven = MoneyBug(
        "unit_price_half_even", minimum: "(1, 2)", Gen.zip(Gen.cents(in: 0...100_000), Gen.int(in: 1...24))
    ) { packPrice, count in
        let unitPrice = dividedHalfEven(packPrice, by: count)
        try ensureEqual(
            unitPrice, (2 * packPrice + count) / (2 * count),
            "the unit price is the pack price / count, rounded half up")
    }

    /// Half up where banker's rounding was required: a plan cancelled mid-month refunds its unused days of
    /// a 30-day month, and the preview must match the billing provider's invoice, which rounds half to
    /// even; the preview rounds half up.
    ///
    /// Minimum `(1, 15)`: a one-cent plan with 15 days unused is previewed as a one-cent refund; the invoice
    /// refunds nothing. Whole-dollar prices never fail (their prorations end in no half cent).
    static let prorationHalfUp = MoneyBug(
        "proration_half_up", minimum: "(1, 15)", Gen.zip(Gen.cents(in: 0...100_000), Gen.int(in: 0...30))
    ) { monthly, unusedDays in
        let refund = (monthly * unusedDays + 15) / 30
        try ensureEqual(
            refund, dividedHalfEven(monthly * unusedDays, by: 30), "the refund previewed is the refund invoiced")
    }

    /// Each line rounded where the total was meant: the documented rule is VAT on the invoice's subtotal,
    /// rounded once; the invoice sums each line's VAT, rounded per line.
    ///
    /// Minimum `(1, 1, 25)`: two one-cent lines at 25% have no VAT each, but their subtotal has one cent.
    /// Whole-dollar lines never fail (a whole percent of them is whole cents).
    static let invoiceTaxPerLine = MoneyBug(
        "invoice_tax_per_line", minimum: "(1, 1, 25)",
        Gen.zip(Gen.cents(in: 0...1_000_000), Gen.cents(in: 0...1_000_000), Gen.int(in: 0...30))
    ) { first, second, rate in
        let tax = [first, second].map { line in (line * rate + 50) / 100 }.reduce(0, +)
        try ensureEqual(tax, ((first + second) * rate + 50) / 100, "the invoice's VAT is the VAT of its subtotal")
    }

    /// A percentage of a percentage rounded twice: the agent's commission is documented as a percentage of
    /// the platform's fee on the order, rounded once; the code rounds the fee, then the commission of it.
    ///
    /// Minimum `(2, 25, 50)`: the fee on two cents at 25% rounds up to a cent, whose half rounds up to a
    /// cent of commission, where 2 × 25% × 50% is a quarter of a cent. Whole-dollar orders never fail.
    static let commissionOfFee = MoneyBug(
        "commission_of_fee", minimum: "(2, 25, 50)",
        Gen.zip(Gen.cents(in: 0...1_000_000), Gen.int(in: 0...30), Gen.int(in: 0...100))
    ) { order, feePercent, commissionPercent in
        let fee = (order * feePercent + 50) / 100
        let commission = (fee * commissionPercent + 50) / 100
        try ensureEqual(
            commission, (order * feePercent * commissionPercent + 5000) / 10000, "the commission is rounded once")
    }
}
