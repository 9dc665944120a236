import Testing

@testable import Tally

@Suite struct RankLoweringTests {
    indirect enum Heap {
        case empty
        case node(Int, Heap, Heap)
    }

    static func merge(_ first: Heap, _ second: Heap) -> Heap {
        guard case .node(let head1, let left1, let right1) = first else { return second }
        guard case .node(let head2, let left2, let right2) = second else { return first }
        return head1 <= head2 ? .node(head1, merge(right1, second), left1) : .node(head2, merge(right2, first), left2)
    }

    /// The shrinking challenge's binary heap, filled with `keys`: its head, then its children merged and
    /// listed without sorting them (the challenge's bug), must come out in order.
    static func comeOutInOrder(_ keys: [Int]) -> Bool {
        let heap = keys.reduce(Heap.empty) { merge($0, .node($1, .empty, .empty)) }
        guard case .node(let head, let left, let right) = heap else { return true }
        var listed = [head]
        var stack = [merge(left, right)]
        while let top = stack.popLast() {
            guard case .node(let key, let left, let right) = top else { continue }
            listed.append(key)
            stack.append(left)
            stack.append(right)
        }
        return listed == keys.sorted()
    }

    /// The choice of `value` drawn from the whole of `Int`.
    static func choice(_ value: Int) -> UInt64 {
        IntegerShape(bound: .max, below: 1 << 63).choice(for: Int128(value))!
    }

    @Test func valuesThatOnlyCompareComeDownToTheirRanks() async {
        // Keys inserted in a heap that fails in the order 2, 4, 1, 3 of their sizes, far apart: every
        // value bounds the next one's lowering, while their ranks fail at once.
        let keys = [
            -2_000_000_000_000_000_000, 9_000_000_000_000_000_000, -8_000_000_000_000_000_000,
            3_000_000_000_000_000_000,
        ]
        let lists = Gen<Int>.anyInt.array()
        let start = ChoiceSequence(keys.flatMap { [1, Self.choice($0)] } + [0])
        func fails(_ keys: [Int]) -> Bool { !Self.comeOutInOrder(keys) }
        let all = await shrink(lists, from: start, fails)
        let without = await shrink(lists, from: start, passes: ShrinkPass.all(except: "lower to ranks"), fails)
        #expect(all.value == [0, 0, 0, 1])
        #expect(all.shrinker.evaluations < 40)
        #expect(without.shrinker.evaluations > 2 * all.shrinker.evaluations)
    }
}
