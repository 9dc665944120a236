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
        let sorted = parts.sorted { ($0 + $1).lexicographicallyPrecedes($1 + $0) }
        if sorted != parts, await consider(candidate(sorted)) { return }
        for position in 0..<parts.count - 1 where (parts[position + 1] + parts[position]).lexicographicallyPrecedes(parts[position] + parts[position + 1]) {
            var swapped = parts
            swapped.swapAt(position, position + 1)
            if await consider(candidate(swapped)) { return }
        }
    }
}
