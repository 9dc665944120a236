import Testing

@testable import Tally

@Suite struct SiblingFoldingTests {
    /// The keys of a binary heap stored in an array, inserted in order, each sifted up.
    static func heap(inserting values: [Int]) -> [Int] {
        var keys: [Int] = []
        for value in values {
            keys.append(value)
            var index = keys.count - 1
            while index > 0, keys[(index - 1) / 2] > keys[index] {
                keys.swapAt(index, (index - 1) / 2)
                index = (index - 1) / 2
            }
        }
        return keys
    }

    /// The keys taken out least first, the key moved to the root sifted down along left children only.
    static func wronglyPopped(_ heap: [Int]) -> [Int] {
        var keys = heap
        var popped: [Int] = []
        while let least = keys.first {
            popped.append(least)
            let last = keys.removeLast()
            guard !keys.isEmpty else { break }
            keys[0] = last
            var index = 0
            while 2 * index + 1 < keys.count, keys[2 * index + 1] < keys[index] {
                keys.swapAt(index, 2 * index + 1)
                index = 2 * index + 1
            }
        }
        return popped
    }

    @Test func aPartFoldsIntoAnEarlierSibling() async {
        // [0, 0, 0, 1, 1] fails; with four keys only [0, 1, 0, 1] and [1, 0, 0, 1] do: a 1 goes, and an
        // earlier 0 becomes 1 at once.
        let heaps = Gen.int(in: -10...10).array().map(Self.heap(inserting:))
        let result = await ShrinkPassTests.withAndWithout(
            "fold into an earlier sibling", heaps, from: [1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 0]
        ) { heap in
            Self.wronglyPopped(heap) != heap.sorted()
        }
        #expect(result.all == [0, 1, 0, 1])
        #expect(result.without == [0, 0, 0, 1, 1])
    }
}
