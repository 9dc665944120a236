/// How the parts of a collection that refer to positions in it change when parts are deleted: the
/// challenge's coupling, a graph as lists of neighbours, a permutation. After deleting `k` parts at
/// position `p`, every value at least `p + k` in the parts left is lowered by `k`, so that it still
/// points at the same part.
struct Renumbering {
    private let base: FailingCase
    private let siblings: [ChoiceSpan]
    /// Where the first deleted part stands among its siblings.
    private let position: Int
    /// The choices of the siblings that hold values, with each value's distance from its origin.
    private let values: [(index: Int, offset: UInt64)]

    /// The renumbering for deleting elements of a collection from `span` on, or `nil` when the
    /// elements' values do not look like positions: some value is negative or past the last element, or
    /// none would change. Integers drawn from a wide range, as most are, rule it out at once.
    init?(deletingFrom span: ChoiceSpan, in base: FailingCase, _ structure: SpanIndex) {
        guard span.label == SpanLabel.element else { return nil }
        let siblings = structure.siblings(of: span)
        guard let position = siblings.firstIndex(of: span), siblings.count > 1 else { return nil }
        var values: [(index: Int, offset: UInt64)] = []
        for sibling in siblings {
            for index in sibling.start..<sibling.end where base.bound(at: index) > 1 {
                let offset = base.offset(at: index)
                guard offset >= 0, offset < siblings.count else { return nil }
                values.append((index, UInt64(offset)))
            }
        }
        guard values.contains(where: { $0.offset > position }) else { return nil }
        self.base = base
        self.siblings = siblings
        self.position = position
        self.values = values
    }

    /// The choices with `count` parts deleted from the position and the values after them lowered by
    /// `count`; `nil` when no value changes (plain deletion is the same candidate).
    func choices(deleting count: Int) -> [UInt64]? {
        let first = siblings[position], last = siblings[position + count - 1]
        var result = base.choices
        var changed = false
        for (index, offset) in values
        where offset >= UInt64(position + count) && !(first.start..<last.end).contains(index) {
            guard let lowered = base.shape(at: index).choice(for: Int128(offset) - Int128(count)) else { return nil }
            result[index] = lowered
            changed = true
        }
        guard changed else { return nil }
        result.removeSubrange(first.start..<last.end)
        return result
    }
}

extension SpanIndex {
    /// Every sibling of `span` at its depth with its label, in order, `span` among them: the elements of
    /// its collection.
    func siblings(of span: ChoiceSpan) -> [ChoiceSpan] {
        var before: [ChoiceSpan] = []
        var first = span
        while let previous = spans(endingAt: first.start).first(where: {
            $0.depth == span.depth && $0.label == span.label
        }) {
            before.append(previous)
            first = previous
        }
        return before.reversed() + run(from: span)
    }
}
