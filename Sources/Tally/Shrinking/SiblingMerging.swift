extension Shrinker {
    /// **Merge siblings**: joins two neighbouring collections, removes two neighbouring parts at once, or
    /// folds the first part's value into the second's (see <doc:HowTallyShrinks>).
    func mergeSiblings() async {
        await forEachSpan { first in await merge(first) }
    }

    /// Merges `first` into the sibling after it; answers whether it did.
    private func merge(_ first: ChoiceSpan) async -> Bool {
        let base = best
        let run = spans.run(from: first)
        guard run.count > 1 else { return false }
        let second = run[1]
        if let joined = joining(first, second, in: base), await consider(joined, shorter: true) { return true }
        var without = base.choices
        without.removeSubrange(first.start..<second.end)
        if await consider(without, shorter: true) { return true }
        guard let value = Self.valueOffset(first, second, in: base) else { return false }
        for sum in Self.sums(of: first.start + value, and: second.start + value, in: base) {
            var merged = base.choices
            merged[second.start + value] = sum
            merged.removeSubrange(first.start..<first.end)
            if await consider(merged) { return true }
        }
        return false
    }

    /// Where the value lies in `first` and `second`, two parts read alike (the same length, and at each
    /// offset the same bound or the same choice): the last of their choices that is no yes/no one, since
    /// the value comes after the choices that say what a part is. `nil` when they are not alike or hold no
    /// value. The same choice under another bound counts as alike: a state machine offers more commands
    /// once the state allows them, so two deposits read their kind under different bounds.
    static func valueOffset(_ first: ChoiceSpan, _ second: ChoiceSpan, in base: FailingCase) -> Int? {
        let offsets = 0..<first.count
        guard second.count == first.count,
            offsets.allSatisfy({
                base.bound(at: first.start + $0) == base.bound(at: second.start + $0)
                    || base.choices[first.start + $0] == base.choices[second.start + $0]
            })
        else { return nil }
        return offsets.last(where: { base.bound(at: second.start + $0) > 1 })
    }

    /// `first` and `second` made one, when both are collections: the elements of the first, then those
    /// of the second, with what ends the first and opens the second cut out — `[[0, 0], [0]]` becomes
    /// `[[0, 0, 0]]`. `nil` unless both hold elements.
    private func joining(_ first: ChoiceSpan, _ second: ChoiceSpan, in base: FailingCase) -> [UInt64]? {
        func elements(of part: ChoiceSpan) -> [ChoiceSpan] {
            let inside = spans.spans(startingWithin: part).filter {
                $0.label == SpanLabel.element && $0.depth > part.depth && $0.end <= part.end && $0 != part
            }
            guard let depth = inside.map(\.depth).min() else { return [] }
            return inside.filter { $0.depth == depth }
        }
        guard let end = elements(of: first).map(\.end).max(), let start = elements(of: second).map(\.start).min(),
            end < first.end || start > second.start
        else { return nil }
        return Array(base.choices[..<end] + base.choices[start...])
    }

    /// The choices for the value at `second` grown by the value at `first`, where in range: values, not
    /// distances from the origin, so that days counted from 1 add up as days (see
    /// ``FailingCase/origins(at:)``). A first value of zero adds nothing.
    static func sums(of first: Int, and second: Int, in base: FailingCase) -> [UInt64] {
        let shape = base.shape(at: second)
        return base.origins(at: second).compactMap { origin in
            // The first's value added to the second's moves the second that far from its own origin.
            let added = base.offset(at: first) + origin
            return added == 0 ? nil : shape.choice(for: base.offset(at: second) + added)
        }
    }
}
