extension Shrinker {
    /// **Merge siblings**: removes two neighbouring parts of the same kind at once, or removes the first
    /// and raises one choice of the second to the least value that fails again, so that
    /// `advance days(1), advance days(6)` becomes `advance days(7)`. Only parts drawn alike — the same
    /// number of choices with the same bounds — are merged.
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
            var merged = base.choices
            merged.removeSubrange(first.start..<first.end)
            // The values come last in a part, after the choices that say what the part is.
            let raisable = offsets.reversed().filter { base.bound(at: second.start + $0) > 1 }.map { second.start - first.count + $0 }
            let before = best.choices
            await raise(merged, atOneOf: raisable)
            if best.choices != before { index -= 1 }
        }
    }
}
