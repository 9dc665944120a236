extension Shrinker {
    /// **Redistribute**: moves value from an integer to one of the next eight of its range (or within
    /// four choices of it), keeping their sum (see <doc:HowTallyShrinks>).
    func redistribute() async {
        var first = 0
        while first < best.choices.count, !isExhausted {
            // A length is no amount: moving value out of it would change what the case is made of.
            if best.choices[first] == 0 || governsLength(at: first) {
                first += 1
                continue
            }
            var tried = 0
            var second = first + 1
            while second < best.choices.count, tried < 8, !isExhausted {
                let base = best
                if base.choices[first] == 0 { break }
                let sameKind = base.shape(at: second) == base.shape(at: first)
                if base.bound(at: first) > 1, base.bound(at: second) > 1, sameKind || second - first <= 4 {
                    tried += 1
                    await move(from: first, to: second)
                }
                second += 1
            }
            first += 1
        }
    }

    private func move(from first: Int, to second: Int) async {
        let base = best
        await lowerFeasibly(first, base) { base.choices(lowering: first, to: $0, moving: second, keepingSum: true) }
    }
}
