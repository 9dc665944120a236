import Tally

/// The challenge's wrong binary heap: `wrongToSortedList` merges the children without sorting them.
enum BinaryHeap {
    indirect enum Heap: CustomStringConvertible, Sendable {
        case empty
        case node(Int, Heap, Heap)

        /// The challenge's spelling: `(0, None, (0, None, None))`.
        var description: String {
            switch self {
            case .empty: "None"
            case .node(let head, let left, let right): "(\(head), \(left), \(right))"
            }
        }
    }

    /// A heap whose keys are at least `bound`, as the challenge's `heap1(bound, size)` draws it.
    static func heaps(bound: Int?, size: Int) -> Gen<Heap> {
        Gen { source in
            let branch = Gen.int(in: 1...8).generate(&source)
            guard branch != 1, size > 0 else { return .empty }
            let head = Gen.int(in: (bound ?? .min)...Int.max).generate(&source)
            let left = heaps(bound: head, size: size / 2).generate(&source)
            let right = heaps(bound: head, size: size / 2).generate(&source)
            return .node(head, left, right)
        }
    }

    static func toList(_ heap: Heap) -> [Int] {
        var result: [Int] = []
        var stack = [heap]
        while let top = stack.popLast() {
            guard case .node(let head, let left, let right) = top else { continue }
            result.append(head)
            stack.append(left)
            stack.append(right)
        }
        return result
    }

    static func merge(_ first: Heap, _ second: Heap) -> Heap {
        guard case .node(let head1, let left1, let right1) = first else { return second }
        guard case .node(let head2, let left2, let right2) = second else { return first }
        return head1 <= head2 ? .node(head1, merge(right1, second), left1) : .node(head2, merge(right2, first), left2)
    }

    static func wrongToSortedList(_ heap: Heap) -> [Int] {
        guard case .node(let head, let left, let right) = heap else { return [] }
        return [head] + toList(merge(left, right))
    }

    static let challenge = ChallengeCase(
        "binheap", minima: ["(0, None, (0, (0, None, None), (1, None, None)))"],
        Gen.int(in: 0...20).flatMap { size in heaps(bound: nil, size: size) }
    ) { heap in
        let list = wrongToSortedList(heap)
        try ensure(list == list.sorted(), "the list is sorted")
        try ensure(toList(heap).sorted() == list, "the list holds the heap's keys")
    }
}
