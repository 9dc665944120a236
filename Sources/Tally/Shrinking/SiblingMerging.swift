extension Shrinker {
    /// **Merge siblings**: removes two neighbouring parts of the same kind at once, or removes the first
    /// and adds its value to the second's, so that `advance days(1), advance days(6)` becomes
    /// `advance days(7)`. Only parts drawn alike — the same number of choices with the same bounds —
    /// are merged.
    func mergeSiblings() async {
        await forEachSpan { first in await merge(first) }
    }

    /// Merges `first` into the sibling after it; answers whether it did.
    private func merge(_ first: ChoiceSpan) async -> Bool {
        let base = best
        let run = spans.run(from: first)
        guard run.count > 1 else { return false }
        let second = run[1]
        var without = base.choices
        without.removeSubrange(first.start..<second.end)
        if await consider(without, shorter: true) { return true }
        let offsets = 0..<first.count
        guard second.count == first.count,
            offsets.allSatisfy({ base.bound(at: first.start + $0) == base.bound(at: second.start + $0) }),
            // The value comes last in a part, after the choices that say what the part is: the second
            // part's value grows by the first's (its choice, or one more, as the range starts at 0 or 1).
            let value = offsets.last(where: { base.bound(at: second.start + $0) > 1 })
        else { return false }
        let added = base.choices[first.start + value]
        let room = base.bound(at: second.start + value) - base.choices[second.start + value]
        for extra in [added, added &+ 1] where extra > 0 && extra <= room {
            var merged = base.choices
            merged[second.start + value] += extra
            merged.removeSubrange(first.start..<first.end)
            if await consider(merged) { return true }
        }
        return false
    }
}
