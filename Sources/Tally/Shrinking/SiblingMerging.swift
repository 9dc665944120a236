extension Shrinker {
    /// **Merge siblings**: removes two neighbouring parts of the same kind at once, or removes the first
    /// and adds its value to the second's, so that `advance days(1), advance days(6)` becomes
    /// `advance days(7)`. Only parts drawn alike — the same number of choices with the same bounds —
    /// are merged.
    func mergeSiblings() async {
        var index = 0
        while !isExhausted {
            let spans = self.spans.ordered
            guard index < spans.count else { return }
            let first = spans[index]
            index += 1
            let base = best
            let run = self.spans.run(from: first)
            guard run.count > 1 else { continue }
            let second = run[1]
            var without = base.choices
            without.removeSubrange(first.start..<second.end)
            if await consider(without, shorter: true) {
                index -= 1
                continue
            }
            let offsets = 0..<first.count
            guard second.count == first.count,
                offsets.allSatisfy({ base.bound(at: first.start + $0) == base.bound(at: second.start + $0) })
            else { continue }
            // The value comes last in a part, after the choices that say what the part is: the second
            // part's value grows by the first's (its choice, or one more, as the range starts at 0 or 1).
            guard let value = offsets.last(where: { base.bound(at: second.start + $0) > 1 }) else { continue }
            let added = base.choices[first.start + value]
            for extra in [added, added &+ 1] where extra > 0 && extra <= base.bound(at: second.start + value) - base.choices[second.start + value] {
                var merged = base.choices
                merged[second.start + value] += extra
                merged.removeSubrange(first.start..<first.end)
                if await consider(merged) {
                    index -= 1
                    break
                }
            }
        }
    }
}
