import Tally

/// The thirteen cases of the shrinking challenge, written from the challenge's own definitions (its
/// Hypothesis versions where it has them) as a user would: `st.lists(…)` becomes `array()`,
/// `st.integers()` the whole of `Int`, and `assume(…)` is ``assume(_:_:fileID:line:)``; then variants
/// of bound5 and binheap (``BoundVariants``, ``HeapVariants``), which show whether shrinking generalises.
enum ChallengeCases {
    static let all: [ChallengeCase] =
        [
            reverse, lengthList, differenceMustBeZero, differenceMustBeSmall, differenceMustBeOne, bound5,
            deletion, distinct, nestedLists, largeUnionList, coupling, Calculator.challenge, BinaryHeap.challenge,
        ] + BoundVariants.all + HeapVariants.all

    static let integers = Gen<Int>.anyInt
    static let lists = integers.array()

    static let reverse = ChallengeCase("reverse", minima: ["[0, 1]"], lists) { list in
        try ensure(list == list.reversed(), "a list equals its reverse")
    }

    static let lengthList = ChallengeCase(
        "lengthlist", minima: ["[900]"],
        Gen.int(in: 1...100).flatMap { length in Gen.int(in: 0...1000).array(length: length...length) }
    ) { list in
        try ensure(list.max()! < 900, "every element is below 900")
    }

    static let positivePairs = Gen.zip(Gen.int(in: 1...Int.max), Gen.int(in: 1...Int.max))

    static let differenceMustBeZero = ChallengeCase("difference_must_be_zero", minima: ["(10, 10)"], positivePairs) {
        a, b in
        try ensure(a < 10 || a != b, "a < 10 or the difference is not zero")
    }

    static let differenceMustBeSmall = ChallengeCase("difference_must_be_small", minima: ["(10, 6)"], positivePairs) {
        a, b in
        let difference = abs(a - b)
        try ensure(a < 10 || difference < 1 || difference > 4, "a < 10 or the difference is not in 1...4")
    }

    static let differenceMustBeOne = ChallengeCase("difference_must_be_one", minima: ["(10, 9)"], positivePairs) {
        a, b in
        try ensure(a < 10 || abs(a - b) != 1, "a < 10 or the difference is not one")
    }

    /// Lists of at most one `Int16` whose (wrapping) sum is below 256, as the challenge's Hypothesis
    /// version draws them.
    static let boundedLists = Gen<Int16>.anyInt.array(length: 0...1).filter { wrappingSum($0) < 256 }

    static let bound5 = ChallengeCase(
        "bound5", minima: permutations(of: ["[-32768]", "[-1]", "[]", "[]", "[]"]),
        Gen.zip(boundedLists, boundedLists, boundedLists, boundedLists, boundedLists)
    ) { a, b, c, d, e in
        try ensure(wrappingSum(a + b + c + d + e) < 5 * 256, "the sum is below 5 × 256")
    }

    static let deletion = ChallengeCase("deletion", minima: ["([0, 0], 0)"], Gen.zip(lists, Gen.int(in: 0...10))) {
        list, index in
        try assume(index < list.count)
        var removed = list
        let element = removed[index]
        removed.remove(at: removed.firstIndex(of: element)!)
        try ensure(!removed.contains(element), "removing an element removes it")
    }

    static let distinct = ChallengeCase("distinct", minima: ["[0, 1, -1]", "[0, 1, 2]"], lists) { list in
        try ensure(Set(list).count < 3, "fewer than three distinct elements")
    }

    static let nestedLists = ChallengeCase(
        "nestedlists", minima: ["[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]"],
        Gen.constant(0).array().array()
    ) { lists in
        try ensure(lists.map(\.count).reduce(0, +) <= 10, "at most ten elements in all")
    }

    static let largeUnionList = ChallengeCase(
        "large_union_list", minima: ["[[0, 1, -1, 2, -2]]"], lists.array()
    ) { lists in
        try ensure(Set(lists.joined()).count < 5, "fewer than five distinct elements in all")
    }

    static let coupling = ChallengeCase("coupling", minima: ["[1, 0]"], Gen.int(in: 0...10).array()) { list in
        try assume(list.allSatisfy { $0 < list.count })
        for (i, j) in list.enumerated() where i != j {
            try ensure(list[j] != i, "no two positions point at each other")
        }
    }

    static func wrappingSum(_ values: [Int16]) -> Int16 {
        values.reduce(0, &+)
    }

    static func permutations(of parts: [String]) -> Set<String> {
        guard parts.count > 1 else { return ["(" + parts.joined() + ")"] }
        var result: Set<String> = []
        func permute(_ chosen: [String], _ rest: [String]) {
            if rest.isEmpty { result.insert("(" + chosen.joined(separator: ", ") + ")") }
            for index in rest.indices {
                var remaining = rest
                let part = remaining.remove(at: index)
                permute(chosen + [part], remaining)
            }
        }
        permute([], parts)
        return result
    }
}
