extension Shrinker {
    /// **Factor a product**: lowers an integer to the least exact factor of its product with one of the next
    /// four that leaves the other factor in that one's range, keeping the product exactly (see
    /// <doc:HowTallyShrinks>).
    ///
    /// A refund of 43,395 cents for one unused day of thirty lands on half a cent as 15 cents does, by its
    /// remainder by 60; **move a product** keeps the product only as near as the range allows, which changes
    /// that remainder, while 2,893 for 15 days keeps it, and **keep the last digits** then takes 2,893 to 1.
    /// A last resort: it runs only where every other pass is stuck.
    func factorProducts() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            var second = first + 1
            while second < min(first + 5, best.choices.count), !isExhausted {
                await factorProduct(from: first, to: second)
                second += 1
            }
            first += 1
        }
    }

    private func factorProduct(from first: Int, to second: Int) async {
        let base = best
        let factor = base.value(at: first), other = base.value(at: second)
        guard factor > 1, other > 0, base.bound(at: first) > 1, base.bound(at: second) > 1,
            !governsLength(at: first), !governsLength(at: second)
        else { return }
        let (product, overflow) = factor.multipliedReportingOverflow(by: other)
        let limit = base.origin(at: second) + Int128(base.shape(at: second).above)
        guard !overflow, limit > 1, limit < product,
            let (smaller, larger) = Self.factored(
                product, below: factor, into: UInt64(min(limit, Int128(Self.factorLimit)))),
            let firstChoice = base.shape(at: first).choice(for: smaller - base.origin(at: first)),
            let secondChoice = base.shape(at: second).choice(for: larger - base.origin(at: second))
        else { return }
        var candidate = base.choices
        candidate[first] = firstChoice
        candidate[second] = secondChoice
        await consider(candidate)
    }

    /// The largest second factor tried: days, months, percentages and basis points lie below it, and the
    /// search for a divisor stays short.
    static let factorLimit: UInt64 = 10_000

    /// `product` as a first factor below `factor` times the largest second factor in `2...limit` that
    /// divides it exactly; `nil` when none does.
    static func factored(_ product: Int128, below factor: Int128, into limit: UInt64) -> (Int128, Int128)? {
        var divisor = Int128(limit)
        while divisor > 1, product / divisor < factor {
            if product % divisor == 0 { return (product / divisor, divisor) }
            divisor -= 1
        }
        return nil
    }
}
