extension Shrinker {
    /// **Lower lengths** (`governingLength`) brings each choice that decides how much of the case follows
    /// to the least value that still fails; **lower choices** does so for every other choice, an integer
    /// by its distance from its simplest value (see <doc:HowTallyShrinks>).
    func lowerChoices(governingLength: Bool) async {
        var index = 0
        while index < best.choices.count, !isExhausted {
            if best.choices[index] != 0, !saysOneMore(at: index), governsLength(at: index) == governingLength {
                let before = best.choices
                await lowerChoice(at: index)
                if governingLength, best.choices == before { await lowerWithDeletion(at: index) }
            }
            index += 1
        }
    }

    /// Whether choice `index` of the best case is the "more" choice of an element after the first of a
    /// collection: lowering it cuts the collection there but leaves the cut elements' choices for what
    /// follows to read; **delete spans** tries that cut as a deletion, so the lowering passes leave it
    /// alone. The first element's is lowered: an empty collection costs one evaluation.
    func saysOneMore(at index: Int) -> Bool {
        best.bound(at: index) == 1 && spans.laterElements.contains(index)
    }

    /// Whether choice `index` of the best case decides how much follows: one less makes the case shorter,
    /// and it does not open a whole value (an alternative, a level of a recursion).
    func governsLength(at index: Int) -> Bool {
        if let known = lengths[index] { return known }
        var governs = false
        if best.choices[index] > 0,
            !spans.ordered.contains(where: { $0.start == index && SpanLabel.isWholeValue($0.label) })
        {
            var lower = best.choices
            lower[index] -= 1
            governs = replayed(lower).choices.count < best.choices.count
        }
        lengths[index] = governs
        return governs
    }

    private func lowerChoice(at index: Int) async {
        if await lowerToLeastUnused(at: index) { return }
        let base = best
        let negative = base.isNegative(at: index)
        _ = await IntegerSearch.lowest(failingAt: base.magnitude(at: index)) { magnitude in
            guard let candidate = base.choices(setting: [index], toMagnitude: magnitude, negative: negative) else {
                return false
            }
            return await consider(candidate)
        }
        // Around zero, the next choice down has the other sign: +k after -k, and -(k - 1) after +k.
        guard index < best.choices.count, best.shape(at: index).below > 0, best.choices[index] > 0 else { return }
        var lower = best.choices
        lower[index] -= 1
        await consider(lower)
    }

    /// When choice `index` at 0 holds and another integer of its kind is 0, the property may want its
    /// values distinct (`[0, 1, 2]` with three distinct elements, a list unequal to its reverse): tries
    /// the least choice no integer of its kind has, which answers it in one evaluation where the search
    /// would step down through the halvings. Answers whether 0 failed, which needs no search.
    private func lowerToLeastUnused(at index: Int) async -> Bool {
        let base = best
        let shape = base.shape(at: index), current = base.choices[index]
        guard current > 1, shape.above + shape.below > 1 else { return false }
        let kin = base.choices.indices.filter { $0 != index && base.shape(at: $0) == shape }
        guard kin.contains(where: { base.choices[$0] == 0 }) else { return false }
        var zero = base.choices
        zero[index] = 0
        if await consider(zero) { return true }
        let used = Set(kin.map { base.choices[$0] })
        guard let unused = (1..<current).first(where: { !used.contains($0) }) else { return false }
        var candidate = base.choices
        candidate[index] = unused
        // Below it, every choice but 0 is another's, which the search from there still tries.
        await consider(candidate)
        return false
    }

    /// Lowers the choice at `index` by `m` and deletes `m` parts after it, for the largest `m` that
    /// still fails: a length `n` followed by `n` elements of which the last fails comes down to one
    /// element in about `2 log₂ n` evaluations. When no deletion fails, the part left is raised to the
    /// least value that fails: a product of `[3, 17]` over 50 becomes `[51]`, unless deleting another of
    /// the parts after the choice does (``deleteEachPart(after:from:)``). Only when lowering by one makes
    /// the case shorter.
    private func lowerWithDeletion(at index: Int) async {
        let base = best
        let structure = self.spans
        let magnitude = base.magnitude(at: index), negative = base.isNegative(at: index)
        guard let once = base.choices(setting: [index], toMagnitude: magnitude - 1, negative: negative) else { return }
        let lost = base.choices.count - replayed(once).choices.count
        guard lost > 0 else { return }
        guard let first = structure.ordered.first(where: { $0.start > index && $0.count == lost }) else {
            await deleteEachPart(after: index, from: once)
            return
        }
        let run = structure.run(from: first)
        func lowering(_ count: UInt64) async -> Bool {
            guard count <= magnitude,
                var candidate = base.choices(setting: [index], toMagnitude: magnitude - count, negative: negative)
            else { return false }
            candidate.removeSubrange(first.start..<run[Int(count) - 1].end)
            return await consider(candidate)
        }
        if await lowering(1) {
            guard run.count > 1 else { return }
            _ = await IntegerSearch.largest(limit: UInt64(run.count - 1)) { extra in await lowering(extra + 1) }
            return
        }
        if await deleteEachPart(after: index, from: once) { return }
        // The parts left may have to grow instead, as the one factor left of a product does.
        guard var fewer = base.choices(setting: [index], toMagnitude: magnitude - 1, negative: negative) else { return }
        fewer.removeSubrange(first.start..<first.end)
        await raise(fewer, atOneOf: Array(first.start..<first.end))
    }

    /// Deletes each of the parts that follow choice `index` in turn (up to eight) from `lowered`, the best
    /// case with that choice lowered by one; whether one failed. What follows the parts may read on into
    /// their place (a schedule after the clients of a concurrent run), so the part to delete need not be
    /// as long as what the lowering cuts, nor the first: an empty client in the middle, say.
    @discardableResult
    private func deleteEachPart(after index: Int, from lowered: [UInt64]) async -> Bool {
        guard let part = spans.ordered.first(where: { $0.start > index }) else { return false }
        for sibling in spans.run(from: part).prefix(8) where !isExhausted {
            var candidate = lowered
            candidate.removeSubrange(sibling.start..<sibling.end)
            if await consider(candidate) { return true }
        }
        return false
    }

    /// Raises one choice of `candidate` at `positions`, tried in order, to the least value that makes it
    /// fail, if any does: up by 1, 2, 3 and 4 (some properties fail only at one exact value, a day that
    /// lands on an expiry, say), then to the largest value and a binary search below it.
    func raise(_ candidate: [UInt64], atOneOf positions: [Int]) async {
        let made = replayed(candidate)
        for position in positions
        where position < made.choices.count && made.choices[position] < made.bound(at: position) {
            let current = made.choices[position]
            let room = made.bound(at: position) - current
            var raised = made.choices
            func failsRaised(by step: UInt64) async -> Bool {
                raised[position] = current + step
                return await consider(raised)
            }
            for step in 1...min(room, 4) where await failsRaised(by: step) { return }
            guard room > 4, await failsRaised(by: room) else { continue }
            var passing: UInt64 = 4, failing = room
            while failing - passing > 1, !isExhausted {
                let middle = passing + (failing - passing) / 2
                if await failsRaised(by: middle) { failing = middle } else { passing = middle }
            }
            return
        }
    }
}
