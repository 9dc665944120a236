extension ChoiceSource {
    /// Opens a span: the choices drawn until the matching ``endSpan()`` belong together.
    ///
    /// Spans of the same `label` are parts of the same kind, such as subtrees of one recursive
    /// generator: the shrinker swaps them and replaces one with another it contains.
    @inlinable @inline(__always)
    public mutating func beginSpan(label: UInt64 = 0) {
        if tracksStructure { openSpans.append((recorded.count, label)) }
    }

    /// Closes the most recently opened span.
    @inlinable @inline(__always)
    public mutating func endSpan() {
        if tracksStructure, let open = openSpans.popLast(), open.start < recorded.count {
            var span = ChoiceSpan(start: open.start, end: recorded.count, label: open.label, depth: openSpans.count)
            // Spans around exactly the same choices (an erased generator around a `oneOf` around a level of
            // a recursion) are one part: it keeps the outermost depth and the most telling label.
            if let last = spans.last, last.start == span.start, last.end == span.end {
                if SpanLabel.rank(last.label) > SpanLabel.rank(span.label) { span.label = last.label }
                spans[spans.count - 1] = span
            } else {
                spans.append(span)
            }
        }
    }

    /// Closes the most recently opened span without keeping it, as a collection does for the choice
    /// that says "no more elements": that choice is no part to delete or reorder.
    @inlinable @inline(__always)
    mutating func abandonSpan() {
        if tracksStructure { _ = openSpans.popLast() }
    }
}

/// A contiguous run of choices that one generator call made, such as one element of a collection.
public struct ChoiceSpan: Hashable, Sendable {
    /// Index of the first choice of the span.
    public var start: Int
    /// Index one past the last choice of the span.
    public var end: Int
    /// What kind of part the span is (see ``ChoiceSource/beginSpan(label:)``); `0` when unlabelled.
    public var label: UInt64
    /// How many spans enclose this one.
    public var depth: Int
    /// Creates a span of the choices `start..<end`.
    @inlinable public init(start: Int, end: Int, label: UInt64 = 0, depth: Int = 0) {
        self.start = start
        self.end = end
        self.label = label
        self.depth = depth
    }

    /// The number of choices in the span.
    public var count: Int { end - start }
}
