extension Shrinker {
    /// `prefix + content + suffix`, with `content` reshaped until the generator reads it part for part as
    /// `parts` say it should: the spans `content` was cut from, relative to its start, the first of them
    /// enclosing the rest. Moving choices to another place changes how some generators read them — a
    /// subtree lifted out of a depth-limited recursion reads a choice for each leaf that it did not read
    /// below, a list that lost an element reads one "more" choice where it had none at its greatest
    /// length — and the plain move then reads the rest of the case out of step. At the first part the
    /// generator reads longer, a `0` (the simplest choice) goes in where the part ended; at the first it
    /// reads shorter, the choices it left are dropped; then the candidate is replayed again. Costs replays
    /// of the generator only, a few per part out of step; `nil` when a part is not read at all, or when
    /// the content would grow past `limit` choices.
    func aligned(
        prefix: ArraySlice<UInt64>, content: [UInt64], parts: [ChoiceSpan], suffix: ArraySlice<UInt64>, limit: Int
    ) -> [UInt64]? {
        guard let root = parts.first else { return Array(prefix) + content + Array(suffix) }
        let start = prefix.count
        var content = content
        // Relative to the content's start, depths relative to the first part's.
        var expected = parts.map {
            ChoiceSpan(start: $0.start, end: $0.end, label: $0.label, depth: $0.depth - root.depth)
        }
        for _ in 0..<(limit + 32) {
            let candidate = Array(prefix) + content + Array(suffix)
            let made = replayed(candidate).spans.filter { $0.start >= start }
            guard
                let madeRoot = made.filter({ $0.start == start && $0.label == root.label }).min(by: {
                    $0.depth < $1.depth
                })
            else { return nil }
            // Where each part the generator made ends, by where it starts, what it is and how deep.
            var ends: [Part: Int] = [:]
            for span in made where span.depth >= madeRoot.depth {
                ends[Part(start: span.start - start, label: span.label, depth: span.depth - madeRoot.depth)] =
                    span.end - start
            }
            // The first place where a part is read otherwise than expected.
            var first: (at: Int, part: Int, madeEnd: Int?)?
            for (index, part) in expected.enumerated() {
                let madeEnd = ends[Part(start: part.start, label: part.label, depth: part.depth)]
                guard madeEnd != part.end else { continue }
                let at = madeEnd.map { min($0, part.end) } ?? part.start
                if first.map({ at < $0.at }) ?? true { first = (at, index, madeEnd) }
            }
            guard let divergence = first else { return candidate }
            guard let madeEnd = divergence.madeEnd else { return nil }
            let part = expected[divergence.part]
            if madeEnd > part.end {
                guard content.count < limit else { return nil }
                content.insert(0, at: part.end)
                expected = expected.map { span in
                    // The part and those around it grow; those after it move; those inside it stay.
                    var span = span
                    if span.start >= part.end { span.start += 1 }
                    if span.end > part.end || (span.end == part.end && span.depth <= part.depth) { span.end += 1 }
                    return span
                }
            } else {
                let dropped = part.end - madeEnd
                content.removeSubrange(madeEnd..<part.end)
                expected = expected.compactMap { span in
                    var span = span
                    span.start = span.start >= part.end ? span.start - dropped : min(span.start, madeEnd)
                    span.end = span.end >= part.end ? span.end - dropped : min(span.end, madeEnd)
                    return span.end > span.start ? span : nil
                }
            }
        }
        return nil
    }

    private struct Part: Hashable {
        var start: Int
        var label: UInt64
        var depth: Int
    }
}

extension SpanIndex {
    /// `part` and the spans within it: what ``Shrinker/aligned(prefix:content:parts:suffix:limit:)`` keeps the
    /// content of `part` to, wherever it goes.
    func parts(of part: ChoiceSpan) -> [ChoiceSpan] {
        [part] + spans(startingWithin: part).filter { $0 != part && $0.end <= part.end && $0.depth > part.depth }
    }

    /// ``parts(of:)``, each placed relative to `part`'s start: the `parts` that
    /// ``Shrinker/aligned(prefix:content:parts:suffix:limit:)`` takes for `part`'s choices moved elsewhere.
    func relativeParts(of part: ChoiceSpan) -> [ChoiceSpan] {
        parts(of: part).map {
            ChoiceSpan(start: $0.start - part.start, end: $0.end - part.start, label: $0.label, depth: $0.depth)
        }
    }
}
