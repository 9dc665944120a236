extension Shrinker {
    /// **Delete duplicates together**: removes two elements that hold the same choices, each from another
    /// collection, at once — a list and its copy in another order, or two baskets that must weigh the
    /// same, keep failing only when both lose one, so deleting either alone never does. For each run of
    /// elements and each element content, the first such element is tried with the first of the same
    /// content in every later run; after a deletion the scan starts again on the shorter case.
    func deleteDuplicatesTogether() async {
        scanning: while !isExhausted {
            let base = best
            let firsts = Self.firstElementsByContent(in: base, spans)
            for (index, first) in firsts.enumerated() {
                for second in firsts[(index + 1)...] where second.run != first.run && second.content == first.content
                    && second.span.start >= first.span.end {
                    guard !isExhausted else { return }
                    var candidate = base.choices
                    candidate.removeSubrange(second.span.start..<second.span.end)
                    candidate.removeSubrange(first.span.start..<first.span.end)
                    if await consider(candidate, shorter: true) { continue scanning }
                }
            }
            return
        }
    }

    /// An element of a collection: which run of siblings it belongs to, and the choices it holds.
    struct ElementContent {
        let span: ChoiceSpan
        let run: Int
        let content: ArraySlice<UInt64>
    }

    /// For each run of elements (one collection), the first element of each content, in order.
    static func firstElementsByContent(in base: FailingCase, _ structure: SpanIndex) -> [ElementContent] {
        var firsts: [ElementContent] = []
        var run = 0
        for opening in structure.ordered where opening.label == SpanLabel.element && structure.opensRun(opening) {
            run += 1
            var seen: Set<ArraySlice<UInt64>> = []
            for span in structure.run(from: opening) {
                let content = base.choices[span.start..<span.end]
                if seen.insert(content).inserted { firsts.append(ElementContent(span: span, run: run, content: content)) }
            }
        }
        return firsts.sorted { $0.span.start < $1.span.start }
    }
}
