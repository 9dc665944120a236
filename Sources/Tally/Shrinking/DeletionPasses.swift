extension Shrinker {
    /// **Delete spans**: removes a span and as many of the siblings after it as still fail, by doubling
    /// and bisection (see <doc:HowTallyShrinks>).
    func deleteSpans() async {
        await forEachSpan { span in await deleteRun(from: span) > 0 }
    }

    /// Deletes the longest run of siblings from `span` on that still fails; returns how many it deleted.
    /// Each deletion that does not fail is tried again renumbered (see ``Renumbering``) when the
    /// siblings' values look like positions in the collection; the longer runs keep to whichever worked.
    private func deleteRun(from span: ChoiceSpan) async -> UInt64 {
        let base = best
        let structure = self.spans
        let run = structure.run(from: span)
        func plain(_ count: UInt64) -> [UInt64] {
            var candidate = base.choices
            candidate.removeSubrange(span.start..<run[Int(count) - 1].end)
            return candidate
        }
        // Built only when the plain deletion does not fail: it scans every sibling's choices.
        var renumbering: Renumbering?
        if await !consider(plain(1), shorter: true) {
            renumbering = Renumbering(deletingFrom: span, in: base, structure)
            guard let renumbered = renumbering?.choices(deleting: 1), await consider(renumbered, shorter: true) else { return 0 }
        }
        guard run.count > 1 else { return 1 }
        return 1 + (await IntegerSearch.largest(limit: UInt64(run.count - 1)) { extra in
            let count = extra + 1
            return await consider(renumbering?.choices(deleting: Int(count)) ?? plain(count), shorter: true)
        })
    }

    /// **Delete choices**: removes one to four adjacent choices anywhere, for structure no span marks.
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
