import HashTreeCollections
import Tally
import Testing

/// apple/swift-collections 1.6.0: `TreeSet.union(_:)` and `formUnion(_:)` of two trees, where the first holds
/// a collision (two members with one hash) and the second a member whose hash shares the collision's bucket at
/// the tree's first level: the union lists all three when iterated, but `contains` finds none of them.
///
/// Which keys share a bucket depends on the process's hashing seed (Swift seeds `Hasher` per process), so the
/// key the shrinker reaches differs from run to run; the pin says what it must show: it is the least key
/// number whose union with the pair loses lookups.
@Suite struct TreeSetUnionTrials {
    /// A key hashing as `hash`, so that the pair below collides on purpose and other keys spread out.
    struct Key: Hashable, Sendable, CustomStringConvertible {
        let number: Int
        let hash: Int
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        var description: String { "k\(number)" }
    }

    /// Two members with one hash.
    static let pair = TreeSet([Key(number: 0, hash: 0), Key(number: 1, hash: 0)])

    /// Whether the union of ``pair`` with the key numbered `number` (hashing as its number) loses a lookup.
    static func unionLosesALookup(_ number: Int) -> Bool {
        let other = Key(number: number, hash: number)
        let union = pair.union(TreeSet([other]))
        return !(pair.allSatisfy(union.contains) && union.contains(other))
    }

    static let union = Property(
        "TreeSet 1.6.0: the union of two trees finds every member of both", Gen.int(in: 2...100_000)
    ) { number in
        let other = Key(number: number, hash: number)
        let union = pair.union(TreeSet([other]))
        for member in pair + [other] {
            try ensure(union.contains(member), "[k0, k1] (one hash) ∪ [\(other)]: contains(\(member)) is false")
        }
    }

    @Test func aUnionWithACollisionLosesLookups() async {
        await expectKnownDefect(
            // One key in about 32 shares the pair's first-level bucket, so the search finds one within a few dozen
            // cases, a different one in each process.
            Self.union, cases: 2_000, shrunkAs: Int.self, shows: Self.unionLosesALookup,
            "TreeSet 1.6.0: a union with a tree whose collision shares a bucket with the other's member loses lookups"
        ) {
            // Without Tally: the least key, of the first 3,000, whose union with the pair loses a lookup.
            let lost = (2..<3_000).first(where: Self.unionLosesALookup)
            #expect(lost == nil, "TreeSet([k0, k1]).union(TreeSet([k\(lost ?? 0)])) loses lookups")
        }
    }

    /// `formUnion(_:)` shares the defect; a union the other way round, or with an array, does not.
    @Test func formUnionSharesItAndTheOtherOrderDoesNot() {
        guard let lost = (2..<3_000).first(where: Self.unionLosesALookup) else {
            Issue.record("no key of 2 to 2,999 loses a lookup: is finding 16 fixed upstream? Update FINDINGS.md.")
            return
        }
        let other = Key(number: lost, hash: lost)
        var formed = Self.pair
        formed.formUnion(TreeSet([other]))
        withKnownIssue("TreeSet 1.6.0: formUnion(_:) of a tree loses lookups as union(_:) does") {
            #expect(formed.contains(other) && Self.pair.allSatisfy(formed.contains))
        }
        let reversed = TreeSet([other]).union(Self.pair)
        #expect(reversed.contains(other) && Self.pair.allSatisfy(reversed.contains))
        let withArray = Self.pair.union([other])
        #expect(withArray.contains(other) && Self.pair.allSatisfy(withArray.contains))
    }
}
