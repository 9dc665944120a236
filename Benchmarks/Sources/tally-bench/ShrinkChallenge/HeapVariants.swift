import Tally

/// The challenge's binheap as other users would write it: a heap stored in an array, a tree of the
/// steps from each key to its parent's built by `Gen.recursive(depth:base:extend:)`, keys in `1...1000`,
/// and a heap made by inserting a list of keys drawn at a size picked first. Each minimum is the least
/// failing case of fewest keys, found by enumerating small cases (keys in -2...2, up to five of them).
enum HeapVariants {
    static let all = [array, steps, positive, inserted]

    static func check(_ heap: BinaryHeap.Heap) throws {
        let list = BinaryHeap.wrongToSortedList(heap)
        try ensure(list == list.sorted(), "the list is sorted")
        try ensure(BinaryHeap.toList(heap).sorted() == list, "the list holds the heap's keys")
    }

    static let array = ChallengeCase(
        "binheap_array", minima: ["[0, 1, 0, 1]"], Gen<Int>.anyInt.array().map(ImplicitHeap.init(inserting:))
    ) { heap in
        var popped = heap
        var list: [Int] = []
        while let least = popped.wrongPopLeast() { list.append(least) }
        try ensure(list == heap.keys.sorted(), "popping gives the keys in order")
    }

    /// Each node holds how far its key lies above its parent's (the root's above 0).
    static let stepTrees = Gen<BinaryHeap.Heap>.recursive(depth: 5, base: Gen.constant(.empty)) { deeper in
        Gen.zip(Gen.int(in: 0...1000), deeper, deeper).map { BinaryHeap.Heap.node($0, $1, $2) }
    }

    static func keyed(_ steps: BinaryHeap.Heap, above parent: Int = 0) -> BinaryHeap.Heap {
        guard case .node(let step, let left, let right) = steps else { return .empty }
        return .node(parent + step, keyed(left, above: parent + step), keyed(right, above: parent + step))
    }

    static let steps = ChallengeCase(
        "binheap_steps", minima: ["(0, None, (0, (0, None, None), (1, None, None)))"], stepTrees.map { keyed($0) },
        check)

    /// The challenge's generator with keys in `1...1000`.
    static let positiveHeaps = Gen.int(in: 0...20).flatMap { size in
        Gen<BinaryHeap.Heap>.recursive((bound: 1, size: size)) { parameter, heap in
            Gen.int(in: 1...8).flatMap { branch -> Gen<BinaryHeap.Heap> in
                guard branch != 1, parameter.size > 0 else { return Gen.constant(.empty) }
                return Gen(
                    Gen.int(in: parameter.bound...1000).flatMap { head in
                        Gen.zip(heap((head, parameter.size / 2)), heap((head, parameter.size / 2))).map {
                            .node(head, $0, $1)
                        }
                    })
            }
        }
    }

    static let positive = ChallengeCase(
        "binheap_positive", minima: ["(1, None, (1, (1, None, None), (2, None, None)))"], positiveHeaps, check)

    static let inserted = ChallengeCase(
        "binheap_inserted", minima: ["[0, 0, 0, 1]"],
        Gen.int(in: 0...20).flatMap { count in Gen<Int>.anyInt.array(length: count...count) }
    ) { keys in
        try check(keys.reduce(BinaryHeap.Heap.empty) { BinaryHeap.merge($0, .node($1, .empty, .empty)) })
    }
}

/// A binary heap in an array, each key no greater than the keys at `2i + 1` and `2i + 2`, whose
/// `wrongPopLeast` sifts the moved key down along left children only.
struct ImplicitHeap: CustomStringConvertible, Sendable {
    private(set) var keys: [Int] = []

    init(inserting values: [Int]) {
        for value in values { insert(value) }
    }

    mutating func insert(_ key: Int) {
        keys.append(key)
        var index = keys.count - 1
        while index > 0, keys[(index - 1) / 2] > keys[index] {
            keys.swapAt(index, (index - 1) / 2)
            index = (index - 1) / 2
        }
    }

    /// The least key, removed; the last key takes its place and sinks, compared with its left child only.
    mutating func wrongPopLeast() -> Int? {
        guard let least = keys.first else { return nil }
        let last = keys.removeLast()
        guard !keys.isEmpty else { return least }
        keys[0] = last
        var index = 0
        while 2 * index + 1 < keys.count, keys[2 * index + 1] < keys[index] {
            keys.swapAt(index, 2 * index + 1)
            index = 2 * index + 1
        }
        return least
    }

    var description: String { "\(keys)" }
}
