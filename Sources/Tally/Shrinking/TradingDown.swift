extension Shrinker {
    /// **Trade down**: lowers a choice while raising every integer after it to the greatest value of its
    /// range, for failures where a smaller earlier value needs larger later ones — a lower coinsurance rate
    /// needs a larger claim, or two, to reach the out-of-pocket cap. **Lower choices** then brings the
    /// raised values back down to the least that fails. It tries the lowest value first, then one step
    /// down. Never a length, a value's opening choice, nor into one.
    func tradeDown() async {
        var first = 0
        var raisable: [Int]?
        var raisableFor = best.choices
        while first < best.choices.count, !isExhausted {
            if best.choices[first] != 0, !saysOneMore(at: first), !governsLength(at: first), !opensValue(at: first) {
                if raisable == nil || raisableFor != best.choices {
                    raisable = raisableChoices()
                    raisableFor = best.choices
                }
                for lowered in Set([0, best.choices[first] - 1]).sorted() {
                    if await consider(lowering: first, to: lowered, raising: raisable ?? []) { break }
                }
            }
            first += 1
        }
    }

    private func consider(lowering first: Int, to lowered: UInt64, raising raisable: [Int]) async -> Bool {
        let later = Array(raisable.drop { $0 <= first })
        guard !later.isEmpty else { return false }
        let base = best.choices
        var lowering = base
        lowering[first] = lowered
        // Every later integer at its greatest; then those of each shape, such as every amount of a list.
        var groups = [later]
        var byShape: [IntegerShape: [Int]] = [:]
        for index in later { byShape[best.shape(at: index), default: []].append(index) }
        groups += byShape.values.filter { $0.count > 1 && $0.count < later.count }.sorted { $0[0] < $1[0] }
        var candidates: [[UInt64]] = groups.map { group in
            var raised = lowering
            for index in group { raised[index] = best.bound(at: index) }
            return raised
        }
        for index in later {
            var one = base
            one[first] = lowered
            one[index] += 1
            candidates.append(one)
            if later.count > 1 {
                one[index] = best.bound(at: index)
                candidates.append(one)
            }
        }
        for candidate in candidates where !isExhausted {
            if await consider(candidate) { return true }
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
    private func opensValue(at index: Int) -> Bool {
        spans.ordered.contains { $0.start == index && ($0.label >> 56 == 3 || $0.label == SpanLabel.recursion) }
    }
}
