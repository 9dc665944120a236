extension Shrinker {
    /// **Lower to ranks**: replaces the values of the integers drawn alike with the least values in the
    /// same order, all at once: from the least upward (`0, 1, 2, …`), or keeping each value's side of zero
    /// (`…, -2, -1, 0, 1, 2, …`). A property that compares its values — a sort, a heap, a search tree —
    /// fails as well on their ranks, where lowering one value, or two together, stops at every value
    /// above or below it: keys `[-5_000, 7, -90, 12]` inserted in a heap are tried as `[0, 2, 1, 3]`,
    /// one evaluation (see <doc:HowTallyShrinks>). Integers of ranges around zero are compared by value,
    /// whatever their ranges, so that keys drawn no smaller than their parent's stay in order; the
    /// choices that open a value are left alone. Cost: up to two evaluations per kind of integer, and no
    /// replay: telling lengths from values would cost one per choice each round, and a length ranked
    /// with its kind is only lowered.
    func lowerToRanks() async {
        let base = best
        var groups: [IntegerShape?: [Int]] = [:]
        for index in base.choices.indices where base.bound(at: index) > 1 && !opensValue(at: index) {
            let shape = base.shape(at: index)
            groups[shape.below > 0 && shape.above > 0 ? nil : shape, default: []].append(index)
        }
        for indices in groups.values.sorted(by: { $0[0] < $1[0] }) where indices.count > 1 {
            for candidate in Self.ranked(indices, in: base) where !isExhausted {
                if await consider(candidate) { return }
            }
        }
    }

    /// The choices of `base` with the values at `indices` replaced by their ranks, from the least and by
    /// side of zero, each `nil` when a rank falls outside its integer's range or changes nothing.
    private static func ranked(_ indices: [Int], in base: FailingCase) -> [[UInt64]] {
        let offsets = indices.map { base.offset(at: $0) }
        let distinct = Array(Set(offsets)).sorted()
        guard distinct.count > 1 else { return [] }
        let negatives = distinct.filter { $0 < 0 }.count
        let zero = distinct.contains(0) ? 1 : 0
        let orders: [(Int) -> Int128] = [
            { Int128($0) },
            { $0 < negatives ? Int128($0 - negatives) : Int128($0 - negatives + 1 - zero) },
        ]
        var candidates: [[UInt64]] = []
        for rank in orders {
            var candidate = base.choices
            var valid = true
            for (index, offset) in zip(indices, offsets) {
                guard let position = distinct.firstIndex(of: offset),
                    let choice = base.shape(at: index).choice(for: rank(position))
                else {
                    valid = false
                    break
                }
                candidate[index] = choice
            }
            if valid, candidate != base.choices, !candidates.contains(candidate) { candidates.append(candidate) }
        }
        return candidates
    }
}
