extension Shrinker {
    /// **Trade down**: lowers a choice while raising integers after it, for failures where a smaller earlier
    /// value needs larger later ones — a lower coinsurance rate needs a larger claim, or two, to reach the
    /// out-of-pocket cap. It tries the choice's least value, then one step down, each with every later
    /// integer at its greatest, then those of one shape at their greatest, then each alone one higher or at
    /// its greatest, and last ten steps down, keeping its last digit, with every later integer at its
    /// greatest (a balance just above a threshold fails only at some cents, at a larger rate); **lower
    /// choices** then brings the raised values back down to the least that fails. Never a length, a value's
    /// opening choice, nor into one.
    func tradeDown() async {
        var first = 0
        var raisable: (for: [UInt64], choices: [Int])?
        while first < best.choices.count, !isExhausted {
            if best.choices[first] != 0, !saysOneMore(at: first), !governsLength(at: first), !opensValue(at: first) {
                if raisable?.for != best.choices { raisable = (best.choices, raisableChoices()) }
                let current = best.choices[first]
                for lowered in Set([0, current - 1]).sorted() {
                    if await consider(lowering: first, to: lowered, raising: raisable?.choices ?? []) { break }
                }
                if current == best.choices[first], current > 10 {
                    await consider(
                        lowering: first, to: current - 10, raising: raisable?.choices ?? [], greatestOnly: true)
                }
            }
            first += 1
        }
    }

    /// Tries `first` at `lowered` with the raisings the pass describes, made one at a time; whether one
    /// failed and became the best case.
    @discardableResult
    private func consider(lowering first: Int, to lowered: UInt64, raising raisable: [Int], greatestOnly: Bool = false)
        async -> Bool
    {
        let later = Array(raisable.drop { $0 <= first })
        guard !later.isEmpty else { return false }
        let base = best
        func consider(raising indices: [Int], to value: (Int) -> UInt64) async -> Bool {
            guard !isExhausted else { return false }
            var candidate = base.choices
            candidate[first] = lowered
            for index in indices { candidate[index] = value(index) }
            return await self.consider(candidate)
        }
        let greatest = { base.bound(at: $0) }
        if await consider(raising: later, to: greatest) { return true }
        if greatestOnly { return false }
        // Those of each shape together, such as every amount of a list.
        let byShape = Dictionary(grouping: later) { base.shape(at: $0) }
        for group in byShape.values.filter({ $0.count > 1 && $0.count < later.count }).sorted(by: { $0[0] < $1[0] }) {
            if await consider(raising: group, to: greatest) { return true }
        }
        for index in later {
            if await consider(raising: [index], to: { base.choices[$0] + 1 }) { return true }
            if later.count > 1, await consider(raising: [index], to: greatest) { return true }
        }
        return false
    }

    /// The choices of the best case that can take the greatest value of their range and leave the case as
    /// long as it is: amounts, not lengths, nor the choices that open a value.
    private func raisableChoices() -> [Int] {
        best.choices.indices.filter { index in
            let bound = best.bound(at: index)
            guard bound > 1, best.choices[index] < bound, !opensValue(at: index) else { return false }
            var raised = best.choices
            raised[index] = bound
            return replayed(raised).choices.count == best.choices.count
        }
    }

    /// Whether choice `index` of the best case picks an alternative or a level of a recursion: raising it
    /// would make another kind of value, not a larger one.
    func opensValue(at index: Int) -> Bool {
        spans.ordered.contains {
            $0.start == index && (SpanLabel.isAlternative($0.label) || $0.label == SpanLabel.recursion)
        }
    }
}
