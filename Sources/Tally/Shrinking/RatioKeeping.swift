extension Shrinker {
    /// **Keep a ratio**: brings an integer to 1 and divides one of the next four by what it gave up,
    /// keeping their ratio (see <doc:HowTallyShrinks>).
    ///
    /// A price per item fails on what a pack's price divided by its count leaves: three cents for six lands
    /// on half a cent as one cent for two does, and every neighbour of either passes. It divides values, not
    /// distances from the range's origin: a count drawn from `1...24` is six items, not 5.
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
        guard base.bound(at: first) > 1, base.bound(at: second) > 1, !governsLength(at: first),
            !governsLength(at: second)
        else { return }
        let firstShape = base.shape(at: first), secondShape = base.shape(at: second)
        for firstOrigin in base.origins(at: first) {
            // Values drawn alike share their origin.
            for secondOrigin in base.origins(at: second)
            where !isExhausted && (firstShape != secondShape || secondOrigin == firstOrigin) {
                let divisor = base.offset(at: first) + firstOrigin, value = base.offset(at: second) + secondOrigin
                guard divisor > 1, value > 0, value % divisor == 0,
                    let firstChoice = firstShape.choice(for: 1 - firstOrigin),
                    let secondChoice = secondShape.choice(for: value / divisor - secondOrigin)
                else { continue }
                var candidate = base.choices
                candidate[first] = firstChoice
                candidate[second] = secondChoice
                if await consider(candidate) { return }
            }
        }
    }
}
