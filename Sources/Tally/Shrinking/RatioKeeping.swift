extension Shrinker {
    /// **Keep a ratio**: brings an integer to 1 and divides one of the next four by what it gave up,
    /// keeping their ratio (see <doc:HowTallyShrinks>).
    ///
    /// A price per item fails on what a pack's price divided by its count leaves: three cents for six lands
    /// on half a cent as one cent for two does, and every neighbour of either passes. The shrinker sees each
    /// integer as its distance from its range's origin, not its value; a range that does not hold zero
    /// starts at 0 or 1 as users write it (an amount, a count of items or days), so both are tried.
    func keepRatios() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            var second = first + 1
            while second < min(first + 5, best.choices.count), !isExhausted {
                await keepRatio(from: first, to: second)
                second += 1
            }
            first += 1
        }
    }

    private func keepRatio(from first: Int, to second: Int) async {
        let base = best
        let factor = base.offset(at: first), other = base.offset(at: second)
        guard factor > 1, other > 0, base.bound(at: first) > 1, base.bound(at: second) > 1,
            !governsLength(at: first), !governsLength(at: second)
        else { return }
        let firstShape = base.shape(at: first), secondShape = base.shape(at: second)
        for firstOrigin in Self.origins(firstShape) {
            // Values drawn alike share their origin.
            for secondOrigin in Self.origins(secondShape) where !isExhausted && (firstShape != secondShape || secondOrigin == firstOrigin) {
                let divisor = factor + firstOrigin, value = other + secondOrigin
                guard divisor > 1, value % divisor == 0, let firstChoice = firstShape.choice(for: 1 - firstOrigin),
                    let secondChoice = secondShape.choice(for: value / divisor - secondOrigin)
                else { continue }
                var candidate = base.choices
                candidate[first] = firstChoice
                candidate[second] = secondChoice
                if await consider(candidate) { return }
            }
        }
    }

    /// The values an integer's origin may have: 0 for a range around zero, 0 or 1 for a range from its origin up.
    static func origins(_ shape: IntegerShape) -> [Int128] {
        shape.below == 0 ? [0, 1] : [0]
    }
}
