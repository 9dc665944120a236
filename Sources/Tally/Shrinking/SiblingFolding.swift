extension Shrinker {
    /// **Fold into an earlier sibling**: removes a part and adds its value to one of the eight parts drawn
    /// alike before it, nearest first. The case gets shorter while an earlier value grows, which no
    /// lowering, deletion or move of value to a later part reaches: a heap stored in an array, filled
    /// from `[0, 0, 0, 1, 1]`, fails with four keys only as `[0, 1, 0, 1]`, where either `1` has to go
    /// and an earlier `0` become `1` at once (see <doc:HowTallyShrinks>). A last resort.
    func foldIntoEarlierSiblings() async {
        await forEachSpan { part in await foldIntoEarlierSibling(part) }
    }

    /// Folds `part` into an earlier sibling; answers whether it did.
    private func foldIntoEarlierSibling(_ part: ChoiceSpan) async -> Bool {
        let base = best
        let structure = spans
        let siblings = structure.siblings(of: part)
        guard let position = siblings.firstIndex(of: part), position > 0,
            let value = Self.valueOffset(of: part, in: base), base.choices[part.start + value] != 0
        else { return false }
        for earlier in siblings[max(0, position - 8)..<position].reversed() where !isExhausted {
            guard Self.drawnAlike(earlier, part, in: base) else { continue }
            for sum in Self.sums(of: part.start + value, and: earlier.start + value, in: base) {
                var folded = base.choices
                folded.removeSubrange(part.start..<part.end)
                folded[earlier.start + value] = sum
                if await consider(folded, shorter: true) { return true }
            }
        }
        return false
    }

    /// Where a part's value lies in it: its last choice that is more than yes or no, after the choices
    /// that say what the part is.
    static func valueOffset(of part: ChoiceSpan, in base: FailingCase) -> Int? {
        (0..<part.count).last { base.bound(at: part.start + $0) > 1 }
    }

    /// Whether two parts have as many choices, each with the same bound.
    static func drawnAlike(_ first: ChoiceSpan, _ second: ChoiceSpan, in base: FailingCase) -> Bool {
        first.count == second.count
            && (0..<first.count).allSatisfy { base.bound(at: first.start + $0) == base.bound(at: second.start + $0) }
    }
}
