extension Shrinker {
    /// **Simplest span**: replaces a whole span with the simplest value its generator makes (all zero
    /// choices, cut to what the generator reads), such as a subtree with a leaf, in one evaluation.
    func simplifySpans() async {
        var index = 0
        while !isExhausted {
            let spans = best.orderedSpans
            guard index < spans.count else { return }
            let span = spans[index]
            index += 1
            let base = best
            guard base.choices[span.start..<span.end].contains(where: { $0 != 0 }) else { continue }
            await consider(realigned(
                prefix: base.choices[..<span.start], content: Array(repeating: 0, count: span.count),
                suffix: base.choices[span.end...], like: span))
        }
    }

    /// **Lower and regenerate**: lowers the choice that opens a span and decides what follows in it — the
    /// alternative of a `oneOf`, the branch of a recursive generator — keeping the rest of the span as
    /// far as it still fits, or else its simplest form, and cutting the span to what the generator reads.
    func lowerGoverningChoices() async {
        var index = 0
        while !isExhausted {
            let spans = best.orderedSpans
            guard index < spans.count else { return }
            let span = spans[index]
            index += 1
            let base = best
            let first = base.choices[span.start]
            guard SpanLabel.isWholeValue(span.label), span.count > 1, first > 0, first <= 16 else { continue }
            let rest = Array(base.choices[span.start + 1..<span.end])
            for lowered in 0..<first where !isExhausted {
                let prefix = base.choices[..<span.start], suffix = base.choices[span.end...]
                if await consider(realigned(prefix: prefix, content: [lowered] + rest, suffix: suffix, like: span)) { break }
                if await consider(realigned(prefix: prefix, content: [lowered] + rest.map { _ in 0 }, suffix: suffix, like: span)) { break }
            }
        }
    }

    /// **Replace with descendant**: replaces a span with a span of the same kind inside it — a tree
    /// with one of its subtrees — nearest first.
    func replaceSpansWithDescendants() async {
        var index = 0
        while !isExhausted {
            let spans = best.orderedSpans
            guard index < spans.count else { return }
            let span = spans[index]
            index += 1
            guard SpanLabel.isWholeValue(span.label) else { continue }
            let base = best
            let descendants = spans.filter {
                $0.label == span.label && $0.depth > span.depth && $0.start >= span.start && $0.end <= span.end && $0.count < span.count
            }
            for descendant in descendants.sorted(by: { $0.depth < $1.depth }).prefix(8) where !isExhausted {
                let candidate = Array(base.choices[..<span.start]) + base.choices[descendant.start..<descendant.end] + base.choices[span.end...]
                if await consider(candidate) { break }
            }
        }
    }
}
