extension Shrinker {
    /// **Sort spans**: puts a run of sibling spans in the order that makes the sequence smallest, all at
    /// once, then by swapping neighbours.
    func sortSpans() async {
        await forEachSpan { span in
            await sort(runFrom: span)
            return false
        }
    }

    private func sort(runFrom span: ChoiceSpan) async {
        let base = best
        let structure = self.spans
        let run = structure.run(from: span)
        guard structure.opensRun(span), run.count > 1 else { return }
        let parts = run.map { Array(base.choices[$0.start..<$0.end]) }
        func candidate(_ arranged: [[UInt64]]) -> [UInt64] {
            Array(base.choices[..<span.start]) + arranged.joined() + base.choices[run[run.count - 1].end...]
        }
        let sorted = Self.smallestOrder(of: parts)
        if sorted != parts, await consider(candidate(sorted)) { return }
        if sorted != parts,
            let together = arrangedWithCopies(of: run, parts: parts, as: sorted, in: base.choices, structure),
            await consider(together)
        {
            return
        }
        for position in 0..<parts.count - 1
        where (parts[position + 1] + parts[position]).lexicographicallyPrecedes(parts[position] + parts[position + 1]) {
            var swapped = parts
            swapped.swapAt(position, position + 1)
            if await consider(candidate(swapped)) { return }
        }
    }

    /// `choices` with `run` and every later run of the same label holding the same parts arranged as
    /// `arranged`, so that a failure needing two collections equal (the same batch twice) sorts both at
    /// once; `nil` when no later run holds the same parts.
    private func arrangedWithCopies(
        of run: [ChoiceSpan], parts: [[UInt64]], as arranged: [[UInt64]], in choices: [UInt64], _ structure: SpanIndex
    ) -> [UInt64]? {
        let first = run[0]
        let end = run[run.count - 1].end
        let copies = structure.runs(labelled: first.label).filter {
            $0[0].start >= end && $0.count == parts.count && $0.map { Array(choices[$0.start..<$0.end]) } == parts
        }
        var candidate = choices
        var free = end
        for copy in copies where copy[0].start >= free {
            // The same parts in the same total length: the ranges after it keep their places.
            candidate.replaceSubrange(copy[0].start..<copy[copy.count - 1].end, with: arranged.joined())
            free = copy[copy.count - 1].end
        }
        guard free > end else { return nil }
        candidate.replaceSubrange(first.start..<end, with: arranged.joined())
        return candidate
    }

    /// `parts` in the order whose concatenation is the smallest sequence.
    static func smallestOrder(of parts: [[UInt64]]) -> [[UInt64]] {
        parts.sorted { ($0 + $1).lexicographicallyPrecedes($1 + $0) }
    }
}
