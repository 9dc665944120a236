/// Helpers the passes share to build candidates from a case.
extension FailingCase {
    // Offsets are Int128 only inside these synchronous helpers: the passes, which are asynchronous,
    // hold sizes and sides (an Int128 kept in an async frame corrupted memory in debug builds).

    /// How far the value of choice `index` is from its origin.
    func magnitude(at index: Int) -> UInt64 {
        UInt64(offset(at: index).magnitude)
    }

    /// Whether the value of choice `index` lies below its origin.
    func isNegative(at index: Int) -> Bool {
        offset(at: index) < 0
    }

    /// The choices with the values at `indices` set to `magnitude` from their origins, below them when
    /// `negative`; `nil` when a value falls outside its range.
    func choices(setting indices: [Int], toMagnitude magnitude: UInt64, negative: Bool) -> [UInt64]? {
        var result = choices
        for index in indices {
            let offset = negative ? -Int128(magnitude) : Int128(magnitude)
            guard index < result.count, let choice = shape(at: index).choice(for: offset) else { return nil }
            result[index] = choice
        }
        return result
    }

    /// The choices with the value at `first` brought to `magnitude` on its side, and the value at
    /// `second` moved by the amount `first` gave up: the same way, keeping their difference, or the
    /// other way, keeping their sum. `nil` when a value falls outside its range.
    func choices(lowering first: Int, to magnitude: UInt64, moving second: Int, keepingSum: Bool) -> [UInt64]? {
        guard first < choices.count, second < choices.count else { return nil }
        let from = offset(at: first)
        let sign: Int128 = from < 0 ? -1 : 1
        let moved = Int128(from.magnitude) - Int128(magnitude)
        let target = offset(at: second) + (keepingSum ? sign * moved : -sign * moved)
        guard let lowered = shape(at: first).choice(for: sign * Int128(magnitude)),
            let raised = shape(at: second).choice(for: target)
        else { return nil }
        var result = choices
        result[first] = lowered
        result[second] = raised
        return result
    }
}

extension Shrinker {
    /// Visits the best case's spans in order, each enclosing span before the spans inside it, while the
    /// case changes under the visits: `visit` answers whether the span now at the same place is a new
    /// one to visit (it deleted the one it was given, say).
    func forEachSpan(_ visit: (ChoiceSpan) async -> Bool) async {
        var index = 0
        while !isExhausted {
            let ordered = spans.ordered
            guard index < ordered.count else { return }
            if await !visit(ordered[index]) { index += 1 }
        }
    }

    /// `prefix + content + suffix`, with `content` cut or extended to what the generator reads for the
    /// span that starts after `prefix` (labelled and nested as `like`): when a change inside a span
    /// makes it read fewer or more choices, the choices after it stay aligned with their generators.
    func realigned(prefix: ArraySlice<UInt64>, content: [UInt64], suffix: ArraySlice<UInt64>, like span: ChoiceSpan)
        -> [UInt64]
    {
        let candidate = Array(prefix) + content + Array(suffix)
        let start = prefix.count
        let remade = replayed(candidate)
        guard
            let made = remade.spans.first(where: {
                $0.start == start && $0.label == span.label && $0.depth == span.depth
            }),
            made.end != start + content.count, made.end <= remade.choices.count
        else { return candidate }
        return Array(prefix) + remade.choices[start..<made.end] + Array(suffix)
    }
}

/// The spans of one case, indexed for the passes: in order, and by where they start and end.
struct SpanIndex: Sendable {
    /// The spans in order of their start, each enclosing span before the spans it encloses.
    let ordered: [ChoiceSpan]
    private let byStart: [Int: [ChoiceSpan]]
    private let byEnd: [Int: [ChoiceSpan]]

    init(_ run: FailingCase) {
        ordered = run.spans.filter { $0.end <= run.choices.count }
            .sorted { ($0.start, -$0.end, $0.depth) < ($1.start, -$1.end, $1.depth) }
        byStart = Dictionary(grouping: ordered, by: \.start)
        byEnd = Dictionary(grouping: ordered, by: \.end)
        let byEnd = self.byEnd
        laterElements = Set(
            ordered.lazy.filter { span in
                span.label == SpanLabel.element
                    && (byEnd[span.start] ?? []).contains { $0.depth == span.depth && $0.label == span.label }
            }.map(\.start))
    }

    /// Where the elements of collections start, but for each collection's first element.
    let laterElements: Set<Int>

    /// The spans that continue `span` at its depth with its label, each starting where the previous
    /// ends: the elements after it in one collection, say. `span` comes first.
    func run(from span: ChoiceSpan) -> [ChoiceSpan] {
        var run = [span]
        while let next = byStart[run[run.count - 1].end]?.first(where: {
            $0.depth == span.depth && $0.label == span.label
        }) {
            run.append(next)
        }
        return run
    }

    /// The spans that start within `part` (found by bisection, since ``ordered`` is in order of
    /// start), `part` itself among them.
    func spans(startingWithin part: ChoiceSpan) -> ArraySlice<ChoiceSpan> {
        var low = 0
        var high = ordered.count
        while low < high {
            let middle = (low + high) / 2
            if ordered[middle].start < part.start { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < ordered.count, ordered[end].start < part.end { end += 1 }
        return ordered[low..<end]
    }

    /// The spans that end at `end`.
    func spans(endingAt end: Int) -> [ChoiceSpan] {
        byEnd[end] ?? []
    }

    /// Every run of sibling spans labelled `label` (the elements of each collection, say), in order.
    func runs(labelled label: UInt64) -> [[ChoiceSpan]] {
        ordered.filter { $0.label == label && opensRun($0) }.map(run(from:))
    }

    /// Whether no sibling of `span` ends where it starts: it opens its run.
    func opensRun(_ span: ChoiceSpan) -> Bool {
        !(byEnd[span.start] ?? []).contains { $0.depth == span.depth && $0.label == span.label }
    }
}
