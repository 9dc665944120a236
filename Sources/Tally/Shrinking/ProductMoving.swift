extension Shrinker {
    /// **Move a product**: brings an integer to 1 and multiplies one of the next four by what it gave up,
    /// keeping their product; where the product is out of the other's range, by the product's last digits,
    /// or lowers the integer only as far as the other's range makes room for the product (see
    /// <doc:HowTallyShrinks>).
    ///
    /// Money code fails on what an amount times a rate leaves in its last digits — half a cent that both
    /// shares round up — and every neighbour of such a case passes, so no descent moves it: $6,474.25 at
    /// 26% leaves 50 in the hundredths, and one cent at 50% leaves the same.
    func moveProducts() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            var second = first + 1
            while second < min(first + 5, best.choices.count), !isExhausted {
                await moveProduct(from: first, to: second)
                second += 1
            }
            first += 1
        }
    }

    private func moveProduct(from first: Int, to second: Int) async {
        let base = best
        // Values, not distances from the origin: a rate of 1...10% at 8% multiplies by 8, not 7.
        let factor = base.value(at: first), other = base.value(at: second)
        let firstOrigin = base.origin(at: first), secondOrigin = base.origin(at: second)
        let firstShape = base.shape(at: first), secondShape = base.shape(at: second)
        guard factor.magnitude > 1, other != 0, base.bound(at: first) > 1, base.bound(at: second) > 1,
            !governsLength(at: first), !governsLength(at: second), firstShape.choice(for: 1 - firstOrigin) != nil
        else { return }
        let (product, overflow) = factor.multipliedReportingOverflow(by: other)
        guard !overflow else { return }
        let largest = secondOrigin + Int128(secondShape.above)
        let targets = Self.productTargets(
            product, landmarks: secondShape.above <= Self.factorLimit, landmarksFirst: secondShape.above > 100)
        for target in targets where !isExhausted {
            let fits = secondShape.choice(for: target - secondOrigin) != nil
            guard let (smaller, larger) = fits ? (1, target) : Self.fitted(target, below: factor, into: largest),
                let firstChoice = firstShape.choice(for: smaller - firstOrigin),
                let secondChoice = secondShape.choice(for: larger - secondOrigin)
            else { continue }
            var candidate = base.choices
            candidate[first] = firstChoice
            candidate[second] = secondChoice
            if await consider(candidate) { return }
        }
    }

    /// Where `target` is out of the second's range, whose largest value is `limit`: the least first factor
    /// that makes room for a partner with a product of at least `target`, with that partner, the product as
    /// near `target` as it goes; `nil` when that factor is not below `factor`, and for a negative target.
    static func fitted(_ target: Int128, below factor: Int128, into limit: Int128) -> (Int128, Int128)? {
        guard target > 0, limit > 0 else { return nil }
        let least = (target + limit - 1) / limit
        return least > 1 && least < factor ? (least, (target + least - 1) / least) : nil
    }

    /// The product itself, then its last digits from the most kept to the fewest (the hundredths before
    /// the tenths), each with the product's sign; none of them zero or repeated. With `landmarks` — where
    /// the second is a rate, its range at most ``factorLimit`` — then the ``halfLandmarks(below:)``, or
    /// before the last digits with `landmarksFirst`.
    ///
    /// Landmarks come first for a rate finer than a percent (per mille, basis points): its product lands on
    /// half a cent in its last four digits, where the product's own last four carry the amount's digits
    /// past the landmark. Moved from 16 cents at 9.38%, 5,008 gives 6 cents at 8.35%, one step from the
    /// least case, 8.34%, where 5,001 gives it at once; that one step cost a round (basis points 69 -> 41
    /// evaluations). A percentage's last two digits are the half cent itself.
    static func productTargets(_ product: Int128, landmarks withLandmarks: Bool = false, landmarksFirst: Bool = false)
        -> [Int128]
    {
        let lastDigits = decimalTails(of: product.magnitude).reversed().map { product < 0 ? -Int128($0) : Int128($0) }
        let landmarks = withLandmarks ? halfLandmarks(below: product) : []
        return [product] + (landmarksFirst ? landmarks + lastDigits : lastDigits + landmarks)
    }

    /// Half of ten, a hundred, a thousand and ten thousand, and one above each, that lie below `product`,
    /// with its sign: where a product of an amount and a rate in percent or basis points lands on half a
    /// cent and rounds up, or just past it. 6 cents at 8.34% land on 5,004 ten-thousandths, the least
    /// case of basis points taken for percent, which no product's last digits reach from 118 at 9.97%.
    static func halfLandmarks(below product: Int128) -> [Int128] {
        var landmarks: [Int128] = []
        var half: Int128 = 5
        while half <= 5_000, half * 10 < product.magnitude {
            half *= 10
            landmarks += [half, half + 1].map { product < 0 ? -$0 : $0 }
        }
        return landmarks
    }
}
