extension Shrinker {
    /// **Merge duplicates together**: where two neighbouring elements of one collection hold the same
    /// choices as two neighbouring elements of another, folds the first of each pair into the second (its
    /// value added, as **merge siblings** does) in both at once — `([1, 1430, 3571], [1430, 3571, 1])`,
    /// which must hold the same elements, becomes `([1, 5001], [5001, 1])`, where merging either list alone
    /// makes them differ. After a merge the scan starts again on the shorter case.
    func mergeDuplicatesTogether() async {
        scanning: while !isExhausted {
            let base = best
            let pairs = Self.neighbouringPairs(in: base, spans)
            for (index, pair) in pairs.enumerated() {
                for other in pairs[(index + 1)...] where other.run != pair.run && other.content == pair.content
                    && other.first.start >= pair.second.end {
                    guard !isExhausted else { return }
                    if await mergeTogether(pair, other, in: base) { continue scanning }
                }
            }
            return
        }
    }

    /// Two neighbouring elements of one collection: which run of siblings, and the choices of both.
    struct NeighbouringPair {
        let first: ChoiceSpan
        let second: ChoiceSpan
        let run: Int
        let content: [UInt64]
    }

    /// Every pair of neighbouring elements whose parts are read alike (same length, same bounds), by run.
    static func neighbouringPairs(in base: FailingCase, _ structure: SpanIndex) -> [NeighbouringPair] {
        var pairs: [NeighbouringPair] = []
        var run = 0
        for opening in structure.ordered where opening.label == SpanLabel.element && structure.opensRun(opening) {
            run += 1
            let elements = structure.run(from: opening)
            for (first, second) in zip(elements, elements.dropFirst()) where first.count == second.count
                && (0..<first.count).allSatisfy({ base.bound(at: first.start + $0) == base.bound(at: second.start + $0) }) {
                let content = Array(base.choices[first.start..<first.end]) + base.choices[second.start..<second.end]
                pairs.append(NeighbouringPair(first: first, second: second, run: run, content: content))
            }
        }
        return pairs.sorted { $0.first.start < $1.first.start }
    }

    /// Folds each pair's first element into its second, `later` lying after `earlier`; whether it failed.
    private func mergeTogether(_ earlier: NeighbouringPair, _ later: NeighbouringPair, in base: FailingCase) async -> Bool {
        // The value comes last in a part, after the choices that say what the part is.
        guard let value = (0..<earlier.first.count).last(where: { base.bound(at: earlier.second.start + $0) > 1 }) else { return false }
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
