import Testing

@testable import Tally

/// A part moved or cut by the shrinker is aligned to how the generator reads it in its new place.
@Suite struct SpanAlignmentTests {
    indirect enum Tree: Equatable, Sendable {
        case leaf
        case node(Int, Tree, Tree)

        /// Whether some node of at least `value` has a node to its left.
        func hasLeftChild(under value: Int) -> Bool {
            guard case .node(let key, let left, let right) = self else { return false }
            return (key >= value && left != .leaf) || left.hasLeftChild(under: value)
                || right.hasLeftChild(under: value)
        }
    }

    @Test func aListAtItsGreatestLengthLosesAnElement() async {
        // ([0, -1], [-50]): a list of two reads no "more" choice after its last element, so cutting the
        // 0 alone reads [-1, -50] and leaves the second list empty; aligned, it reads [-1] then [-50].
        let lists = Gen.int(in: -100...100).array(length: 0...2)
        let result = await shrink(Gen.zip(lists, lists), from: [1, 0, 1, 2, 1, 100, 0]) { first, second in
            first.last == -1 && second == [-50]
        }
        #expect(result.value.0 == [-1] && result.value.1 == [-50])
    }

    @Test func aSubtreeLiftedOutOfADepthLimitedRecursion() async {
        // node(0, leaf, node(0, leaf, node(60, node(0, leaf, leaf), leaf))) before a 7 that must stay: the
        // node of 60 is two levels down, where its children read no choice for their leaves; lifted to the
        // root they do, and the plain lift reads the 7 as a leaf.
        let trees = Gen<Tree>.recursive(depth: 4, base: Gen.constant(.leaf)) { deeper in
            Gen.zip(Gen.int(in: 0...100), deeper, deeper).map { Tree.node($0, $1, $2) }
        }
        let start: ChoiceSequence = [1, 0, 0, 1, 0, 0, 1, 60, 1, 0, 0, 7]
        let result = await shrink(Gen.zip(trees, Gen.int(in: 0...100)), from: start) { tree, seven in
            tree.hasLeftChild(under: 50) && seven == 7
        }
        #expect(result.value.0 == .node(50, .node(0, .leaf, .leaf), .leaf) && result.value.1 == 7)
    }
}
