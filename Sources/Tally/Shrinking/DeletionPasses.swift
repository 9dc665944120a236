extension Shrinker {
    /// **Delete spans**: removes a span and as many of the siblings after it as still fail, by doubling
    /// and bisection (see <doc:HowTallyShrinks>).
    func deleteSpans() async {
        await forEachSpan { span in await deleteRun(from: span) > 0 }
    }

    /// Deletes the longest run of siblings from `span` on that still fails; returns how many it deleted.
    /// Each deletion that does not fail is tried again renumbered (see ``Renumbering``) when the
    /// siblings' values look like positions in the collection, and then aligned (see
    /// ``aligned(prefix:content:parts:suffix:limit:)``) when the collection reads the choices after it otherwise
    /// — a list at its greatest length reads a "more" choice once shorter; the longer runs keep to
    /// whichever worked.
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
        var deleting: ((UInt64) -> [UInt64]?)?
        if await !consider(plain(1), shorter: true) {
            let renumbering = Renumbering(deletingFrom: span, in: base, structure)
            // Only a collection's elements: a part of another kind left out is what **simplest span** tries.
            let aligning = { (count: UInt64) in
                span.label == SpanLabel.element
                    ? self.alignedDeletion(of: span.start..<run[Int(count) - 1].end, in: base, structure) : nil
            }
            if let renumbered = renumbering?.choices(deleting: 1), await consider(renumbered, shorter: true) {
                deleting = { renumbering?.choices(deleting: Int($0)) ?? plain($0) }
            } else if let aligned = aligning(1), aligned != plain(1), await consider(aligned, shorter: true) {
                deleting = aligning
            } else {
                return 0
            }
        }
        guard run.count > 1 else { return 1 }
        return 1
            + (await IntegerSearch.largest(limit: UInt64(run.count - 1)) { extra in
                let count = extra + 1
                guard let candidate = deleting.map({ $0(count) }) ?? plain(count) else { return false }
                return await consider(candidate, shorter: true)
            })
    }

    /// The choices of `base` with `deleted` removed from the part that holds them, aligned to how that
    /// part reads them; `nil` when no part holds them.
    private func alignedDeletion(of deleted: Range<Int>, in base: FailingCase, _ structure: SpanIndex) -> [UInt64]? {
        // Aligning puts back a choice at least: after cutting one, the case would be no shorter.
        guard deleted.count > 1 else { return nil }
        let holders = structure.ordered.filter {
            $0.start <= deleted.lowerBound && $0.end >= deleted.upperBound && $0.count > deleted.count
        }
        guard let holder = holders.max(by: { $0.depth < $1.depth }) else { return nil }
        var content = Array(base.choices[holder.start..<holder.end])
        content.removeSubrange(deleted.lowerBound - holder.start..<deleted.upperBound - holder.start)
        let parts = structure.parts(of: holder).compactMap { part -> ChoiceSpan? in
            var part = part
            if part.start >= deleted.lowerBound, part.end <= deleted.upperBound { return nil }
            if part.start >= deleted.upperBound { part.start -= deleted.count }
            if part.end >= deleted.upperBound { part.end -= deleted.count }
            part.start -= holder.start
            part.end -= holder.start
            return part
        }
        // A deletion that the part grows back to its length or more deletes nothing.
        return aligned(
            prefix: base.choices[..<holder.start], content: content, parts: parts, suffix: base.choices[holder.end...],
            limit: holder.count - 1)
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
                    _ = await IntegerSearch.largest(limit: UInt64(max(0, (base.choices.count - start) / width - 1))) {
                        extra in
                        await deleting(extra + 1)
                    }
                }
                start = min(start - 1, best.choices.count - width)
            }
        }
    }
}
