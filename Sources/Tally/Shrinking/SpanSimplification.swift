extension Shrinker {
    /// **Simplest span**: replaces a span, and as many of its siblings after it as still fail, with the
    /// simplest value its generator makes (see <doc:HowTallyShrinks>).
    func simplifySpans() async {
        await forEachSpan { span in
            await simplify(runFrom: span)
            return false
        }
    }

    private func simplify(runFrom span: ChoiceSpan) async {
        let base = best
        guard Self.simplest(span, in: base) != Array(base.choices[span.start..<span.end]) else { return }
        let run = spans.run(from: span)
        func simplifying(_ count: UInt64) async -> Bool {
            var candidate = base.choices
            for part in run[..<Int(count)].reversed() {
                candidate = realigned(
                    prefix: candidate[..<part.start], content: Self.simplest(part, in: base),
                    suffix: candidate[part.end...], like: part)
            }
            return await consider(candidate)
        }
        guard await simplifying(1), run.count > 1 else { return }
        _ = await IntegerSearch.largest(limit: UInt64(run.count - 1)) { extra in await simplifying(extra + 1) }
    }

    /// The simplest content of `span`: zeros, keeping an element's leading "more" choice — an element
    /// that is only that choice is already simplest (cutting the collection there is a deletion, which
    /// **delete spans** tries).
    private static func simplest(_ span: ChoiceSpan, in run: FailingCase) -> [UInt64] {
        var content = [UInt64](repeating: 0, count: span.count)
        if span.label == SpanLabel.element, run.bound(at: span.start) == 1 {
            content[0] = run.choices[span.start]
        }
        return content
    }

    /// **Lower and regenerate**: lowers the choice that opens a span (a `oneOf`'s alternative), keeping
    /// the rest of the span as far as it still fits, or else its simplest form.
    func lowerGoverningChoices() async {
        await forEachSpan { span in
            let base = best
            let first = base.choices[span.start]
            guard SpanLabel.isWholeValue(span.label), span.count > 1, first > 0, first <= 16 else { return false }
            let rest = Array(base.choices[span.start + 1..<span.end])
            let prefix = base.choices[..<span.start], suffix = base.choices[span.end...]
            for lowered in 0..<first where !isExhausted {
                if await consider(realigned(prefix: prefix, content: [lowered] + rest, suffix: suffix, like: span)) {
                    break
                }
                if await consider(
                    realigned(prefix: prefix, content: [lowered] + rest.map { _ in 0 }, suffix: suffix, like: span))
                {
                    break
                }
            }
            return false
        }
    }

    /// **Replace with descendant**: replaces a span with one of the same kind inside it, nearest first;
    /// when the descendant's choices read otherwise in the span's place (a level of a depth-limited
    /// recursion reads a choice for each leaf that the level below it did not), aligned to its parts.
    func replaceSpansWithDescendants() async {
        await forEachSpan { span in
            guard SpanLabel.isWholeValue(span.label) else { return false }
            let base = best
            let structure = spans
            let descendants = structure.ordered.filter {
                $0.label == span.label && $0.depth > span.depth && $0.start >= span.start && $0.end <= span.end
                    && $0.count < span.count
            }
            let prefix = base.choices[..<span.start], suffix = base.choices[span.end...]
            for descendant in descendants.sorted(by: { $0.depth < $1.depth }).prefix(8) where !isExhausted {
                let content = Array(base.choices[descendant.start..<descendant.end])
                let candidate = Array(prefix) + content + Array(suffix)
                if await consider(candidate) { break }
                let parts = structure.relativeParts(of: descendant)
                if let aligned = aligned(
                    prefix: prefix, content: content, parts: parts, suffix: suffix, limit: span.count),
                    aligned != candidate,
                    await consider(aligned)
                {
                    break
                }
            }
            return false
        }
    }
}
