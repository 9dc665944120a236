/// Two passes that change two collections alike at once — a list and its copy in another order, two
/// baskets that must weigh the same — where changing either alone makes them differ and never fails.
extension Shrinker {
    /// **Delete duplicates together**: removes two elements that hold the same choices, each from another
    /// collection, at once. For each run of elements and each element content, the first such element is
    /// tried with the first of the same content in every later run.
    func deleteDuplicatesTogether() async {
        await tryAcrossCollections(Self.firstElementsByContent, matching: { $0.content == $1.content }) {
            first, second, base in
            var candidate = base.choices
            candidate.removeSubrange(second.span.start..<second.span.end)
            candidate.removeSubrange(first.span.start..<first.span.end)
            return await self.consider(candidate, shorter: true)
        }
    }

    /// **Merge duplicates together**: where two neighbouring elements of one collection hold the same
    /// choices as two neighbouring elements of another, folds the first of each pair into the second (its
    /// value added, as **merge siblings** does) in both at once — `([1, 1430, 3571], [1430, 3571, 1])`,
    /// which must hold the same elements, becomes `([1, 5001], [5001, 1])`.
    func mergeDuplicatesTogether() async {
        await tryAcrossCollections(Self.neighbouringPairs, matching: { $0.content == $1.content }) {
            earlier, later, base in
            await self.mergeTogether(earlier, later, in: base)
        }
    }

    /// Tries `attempt` on each two of the parts `parts` finds in the best case that lie in different runs
    /// (collections), the second after the first, and that `matching` pairs; after an attempt that
    /// shrank the case, starts again on it.
    private func tryAcrossCollections<Part: CollectionPart>(
        _ parts: (FailingCase, SpanIndex) -> [Part], matching: (Part, Part) -> Bool,
        _ attempt: (Part, Part, FailingCase) async -> Bool
    ) async {
        scanning: while !isExhausted {
            let base = best
            let found = parts(base, spans)
            for (index, first) in found.enumerated() {
                for second in found[(index + 1)...]
                where second.run != first.run && second.start >= first.end && matching(first, second) {
                    guard !isExhausted else { return }
                    if await attempt(first, second, base) { continue scanning }
                }
            }
            return
        }
    }

    /// An element of a collection: which run of siblings it belongs to, and the choices it holds.
    struct ElementContent: CollectionPart {
        let span: ChoiceSpan
        let run: Int
        let content: ArraySlice<UInt64>
        var start: Int { span.start }
        var end: Int { span.end }
    }

    /// For each run of elements (one collection), the first element of each content, in order.
    static func firstElementsByContent(in base: FailingCase, _ structure: SpanIndex) -> [ElementContent] {
        var firsts: [ElementContent] = []
        for (run, elements) in structure.runs(labelled: SpanLabel.element).enumerated() {
            var seen: Set<ArraySlice<UInt64>> = []
            for span in elements {
                let content = base.choices[span.start..<span.end]
                if seen.insert(content).inserted {
                    firsts.append(ElementContent(span: span, run: run, content: content))
                }
            }
        }
        return firsts.sorted { $0.start < $1.start }
    }

    /// Two neighbouring elements of one collection: which run of siblings, the choices of both, and where
    /// in each its value lies (see ``Shrinker/valueOffset(_:_:in:)``).
    struct NeighbouringPair: CollectionPart {
        let first: ChoiceSpan
        let second: ChoiceSpan
        let run: Int
        let content: [UInt64]
        let value: Int
        var start: Int { first.start }
        var end: Int { second.end }
    }

    /// Every pair of neighbouring elements read alike, with a value to fold (see
    /// ``Shrinker/valueOffset(_:_:in:)``), by run.
    static func neighbouringPairs(in base: FailingCase, _ structure: SpanIndex) -> [NeighbouringPair] {
        var pairs: [NeighbouringPair] = []
        for (run, elements) in structure.runs(labelled: SpanLabel.element).enumerated() {
            for (first, second) in zip(elements, elements.dropFirst()) {
                guard let value = valueOffset(first, second, in: base) else { continue }
                let content = Array(base.choices[first.start..<first.end]) + base.choices[second.start..<second.end]
                pairs.append(NeighbouringPair(first: first, second: second, run: run, content: content, value: value))
            }
        }
        return pairs.sorted { $0.start < $1.start }
    }

    /// Folds each pair's first element into its second, `later` lying after `earlier`; whether it failed.
    private func mergeTogether(_ earlier: NeighbouringPair, _ later: NeighbouringPair, in base: FailingCase) async
        -> Bool
    {
        let value = earlier.value
        for sum in Self.sums(of: earlier.first.start + value, and: earlier.second.start + value, in: base) {
            var merged = base.choices
            for pair in [later, earlier] {
                merged[pair.second.start + value] = sum
                merged.removeSubrange(pair.first.start..<pair.first.end)
            }
            if await consider(merged, shorter: true) { return true }
        }
        return false
    }
}

/// A part of one collection that a pass changes together with a like part of another.
protocol CollectionPart {
    /// Which run of sibling elements (which collection) the part lies in.
    var run: Int { get }
    var start: Int { get }
    var end: Int { get }
}
