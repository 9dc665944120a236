extension Shrinker {
    /// **Delete spans**: removes a span — an element of a collection, a subtree — and, when that works,
    /// as many of the siblings after it as still fail, found by doubling and bisection, so that a run of
    /// `k` removable elements costs about `2 log₂ k` evaluations instead of `k`. When removing an element
    /// makes a case that is discarded, the elements after it may point at positions: it tries again with
    /// their values one lower.
    func deleteSpans() async {
        await forEachSpan { span in await deleteRun(from: span) > 0 }
    }

    /// Deletes the longest run of siblings from `span` on that still fails; returns how many it deleted.
    private func deleteRun(from span: ChoiceSpan) async -> UInt64 {
        let base = best
        let structure = self.spans
        let run = structure.run(from: span)
        func deleting(_ count: UInt64) async -> Bool {
            var candidate = base.choices
            candidate.removeSubrange(span.start..<run[Int(count) - 1].end)
            return await consider(candidate, shorter: true)
        }
        guard await deleting(1) else {
            guard lastWasDiscarded, run.count > 1 else { return 0 }
            return await deleteRenumbering(span, run.dropFirst(), in: base) ? 1 : 0
        }
        guard run.count > 1 else { return 1 }
        return 1 + (await IntegerSearch.largest(limit: UInt64(run.count - 1)) { extra in await deleting(extra + 1) })
    }

    /// When deleting `span` made a case the generators or the body discard, the parts after it may
    /// refer to positions, as indices into the collection do: deletes it again, lowering every value of
    /// the parts after it by one.
    private func deleteRenumbering(_ span: ChoiceSpan, _ later: ArraySlice<ChoiceSpan>, in base: FailingCase) async -> Bool {
        var candidate = base.choices
        for part in later {
            for index in part.start..<part.end where candidate[index] > 0 && base.bound(at: index) > 1 {
                candidate[index] -= 1
            }
        }
        candidate.removeSubrange(span.start..<span.end)
        return await consider(candidate, shorter: true)
    }

    /// **Delete choices**: removes one to four adjacent choices anywhere, and repeats a removal that
    /// works, for structure no span marks (a hand-written generator's loop, say).
    func deleteChoices() async {
        for width in [4, 3, 2, 1] {
            var start = best.choices.count - width
            while start >= 0, !isExhausted {
                let base = best
                func deleting(_ times: UInt64) async -> Bool {
                    let length = width * Int(times)
                    guard start + length <= base.choices.count else { return false }
                    var candidate = base.choices
                    candidate.removeSubrange(start..<start + length)
                    return await consider(candidate, shorter: true)
                }
                if await deleting(1) {
                    _ = await IntegerSearch.largest(limit: UInt64(max(0, (base.choices.count - start) / width - 1))) { extra in
                        await deleting(extra + 1)
                    }
                }
                start = min(start - 1, best.choices.count - width)
            }
        }
    }
}
