extension Shrinker {
    /// **Move into an empty place**: moves a subtree — a part that holds parts of its own kind — into a
    /// place of the same kind that holds the simplest value (an empty subtree, a leaf), leaving the
    /// simplest value where the subtree was; then tries it again with the parts beside its new place in
    /// the order that makes the sequence smallest. A heap of four keys can need its shape changed this
    /// way: no deletion, lowering, lifting to an ancestor or reordering of siblings moves a key from one
    /// branch of the tree to the other (see <doc:HowTallyShrinks>). A last resort.
    func moveSubtreesIntoEmptyPlaces() async {
        await forEachSpan { place in await fill(place) }
    }

    /// Moves one of the nearest eight subtrees of `place`'s kind into it; answers whether it did.
    private func fill(_ place: ChoiceSpan) async -> Bool {
        guard SpanLabel.isWholeValue(place.label), place.count > 0 else { return false }
        let base = best
        guard base.choices[place.start..<place.end].allSatisfy({ $0 == 0 }) else { return false }
        let structure = spans
        let subtrees = structure.ordered.filter { subtree in
            subtree.label == place.label && (subtree.end <= place.start || subtree.start >= place.end)
                && structure.spans(startingWithin: subtree).contains {
                    $0.label == subtree.label && $0.depth > subtree.depth && $0.end <= subtree.end
                }
        }
        let nearest = subtrees.sorted { distance($0, place) < distance($1, place) }.prefix(8)
        for subtree in nearest where !isExhausted {
            guard let moved = moving(subtree, into: place, in: base, structure) else { continue }
            if await consider(moved.choices) { return true }
            if let arranged = sortingSiblings(at: moved.destination, like: place, in: moved.choices),
                arranged != moved.choices,
                await consider(arranged)
            {
                return true
            }
        }
        return false
    }

    private func distance(_ first: ChoiceSpan, _ second: ChoiceSpan) -> Int {
        first.end <= second.start ? second.start - first.end : first.start - second.end
    }

    /// The choices with `subtree` in `place` (aligned to its parts) and `place`'s simplest value where
    /// `subtree` was, and where the subtree now starts; the later of the two is changed first, so that
    /// the earlier keeps its indices.
    private func moving(
        _ subtree: ChoiceSpan, into place: ChoiceSpan, in base: FailingCase, _ structure: SpanIndex
    ) -> (choices: [UInt64], destination: Int)? {
        let content = Array(base.choices[subtree.start..<subtree.end])
        let empty = Array(base.choices[place.start..<place.end])
        let parts = structure.relativeParts(of: subtree)
        func put(_ choices: [UInt64]) -> [UInt64]? {
            aligned(
                prefix: choices[..<place.start], content: content, parts: parts, suffix: choices[place.end...],
                limit: 2 * subtree.count)
        }
        func emptied(_ choices: [UInt64]) -> [UInt64] {
            realigned(prefix: choices[..<subtree.start], content: empty, suffix: choices[subtree.end...], like: subtree)
        }
        if subtree.start >= place.end {
            guard let filled = put(emptied(base.choices)) else { return nil }
            return (filled, place.start)
        }
        guard let filled = put(base.choices) else { return nil }
        let result = emptied(filled)
        return (result, place.start - (filled.count - result.count))
    }

    /// `choices` with the siblings of the part of `place`'s kind and depth that starts at `destination`
    /// sorted as **sort spans** sorts them; `nil` when there is no such part.
    private func sortingSiblings(at destination: Int, like place: ChoiceSpan, in choices: [UInt64]) -> [UInt64]? {
        let made = replayed(choices)
        let structure = SpanIndex(made)
        guard
            let moved = structure.ordered.first(where: {
                $0.start == destination && $0.label == place.label && $0.depth == place.depth
            })
        else { return nil }
        let siblings = structure.siblings(of: moved)
        guard siblings.count > 1 else { return nil }
        let parts = siblings.map { Array(made.choices[$0.start..<$0.end]) }
        // Joined step by step: as one `+` chain the type checker spent 0.2 s on this line.
        var sorted = Array(made.choices[..<siblings[0].start])
        sorted += Self.smallestOrder(of: parts).joined()
        sorted += made.choices[siblings[siblings.count - 1].end...]
        return sorted
    }
}
