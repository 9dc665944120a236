import Tally

/// Failures that need values to coincide: equal sums of different lists, three equal integers, a sorted
/// list of distinct values, the same list of distinct values twice. Bugs of this kind need two charges of
/// the same amount, a key inserted twice, two claims on the same day, a batch sent twice.
enum CoincidenceCases {
    static let all = [equalSums, threeEqual, sortedDistinct, sameListTwice, reorderedList]

    static let percentLists = Gen.int(in: 0...100).array()

    static let equalSums = SearchCase(
        "equal_sums", group: "coincidence", Gen.zip(percentLists, percentLists)
    ) { first, second in
        let sum = first.reduce(0, +)
        try ensure(
            first == second || sum != second.reduce(0, +) || sum < 50,
            "different lists have different sums (or sums below 50)")
    }

    static let naturals = Gen.int(in: 0...Int.max)

    static let threeEqual = SearchCase("three_equal", group: "coincidence", Gen.zip(naturals, naturals, naturals)) {
        a, b, c in
        try ensure(a != b || b != c || a < 7, "three integers of 7 or more are not all equal")
    }

    static let sortedDistinct = SearchCase("sorted_distinct", group: "coincidence", Gen.int(in: 0...1000).array()) {
        list in
        let ascending = zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
        try ensure(list.count < 5 || !ascending, "no list of five or more is sorted and distinct")
    }

    static let sameListTwice = SearchCase(
        "same_list_twice", group: "coincidence", Gen.zip(Gen.int(in: 0...1000).array(), Gen.int(in: 0...1000).array())
    ) { first, second in
        try ensure(
            first != second || first.count < 4 || Set(first).count < first.count,
            "no two equal lists of four or more distinct values")
    }

    static let reorderedList = SearchCase(
        "reordered_list", group: "coincidence", Gen.zip(Gen.int(in: 0...1000).array(), Gen.int(in: 0...1000).array())
    ) { first, second in
        let reordered = first != second && first.sorted() == second.sorted() && Set(first).count >= 3
        try ensure(!reordered, "no list holds another's three or more distinct values in another order")
    }
}
