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

    /// The challenge's `heap1(bound, size)`: a branch in `1...8` (1 is an empty heap), then a key no
    /// smaller than the parent's and two heaps of half the size.
    static let heaps = Gen.int(in: 0...20).flatMap { size in
        Gen<Heap>.recursive((bound: Int.min, size: size)) { parameter, heap in
            Gen.int(in: 1...8).flatMap { branch -> Gen<Heap> in
                guard branch != 1, parameter.size > 0 else { return Gen.constant(.empty) }
                return Gen(
                    Gen.int(in: parameter.bound...Int.max).flatMap { head in
                        Gen.zip(heap((head, parameter.size / 2)), heap((head, parameter.size / 2))).map {
                            Heap.node(head, $0, $1)
                        }
                    })
            }
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
        heaps
    ) { heap in
        let list = wrongToSortedList(heap)
        try ensure(list == list.sorted(), "the list is sorted")
        try ensure(toList(heap).sorted() == list, "the list holds the heap's keys")
    }
}
