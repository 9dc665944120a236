import Tally

/// The challenge's bound5 as other users would write it: lists of up to two or three elements, `Int8`
/// and `Int32` elements, three lists and seven. Each list's (wrapping) sum stays below a bound and the
/// property wants the sum of them all below the bound times the number of lists, which positive values
/// alone never break: the minimum is two one-element lists whose sum wraps, the type's least value and
/// `-1`, in any places, every other list empty.
enum BoundVariants {
    static let all = [pairs, triples, int8, int32, threeLists, sevenLists]

    /// `count` lists of at most `length` elements of `Element`, each summing below `bound`.
    static func lists<Element: FixedWidthInteger & Sendable>(
        of _: Element.Type, length: ClosedRange<Int>, below bound: Element
    ) -> Gen<[Element]> {
        Gen<Element>.anyInt.array(length: length).filter { $0.reduce(0, &+) < bound }
    }

    static func sum<Element: FixedWidthInteger>(_ lists: [[Element]]) -> Element {
        lists.joined().reduce(0, &+)
    }

    /// Every order of the least value, `-1` and `empties` empty lists, spelt as a tuple or an array.
    static func minima(least: String, empties: Int, tuple: Bool = true) -> Set<String> {
        let orders = ChallengeCases.permutations(of: ["[\(least)]", "[-1]"] + Array(repeating: "[]", count: empties))
        return tuple ? orders : Set(orders.map { "[" + $0.dropFirst().dropLast() + "]" })
    }

    /// bound5 itself over other lists: five of `lists`, whose sum must stay below five times `bound`.
    static func fiveLists<Element: FixedWidthInteger & Sendable>(
        _ name: String, _ lists: Gen<[Element]>, least: String, below bound: Element
    ) -> ChallengeCase {
        ChallengeCase(name, minima: minima(least: least, empties: 3), Gen.zip(lists, lists, lists, lists, lists)) {
            a, b, c, d, e in
            try ensure(sum([a, b, c, d, e]) < 5 &* bound, "the sum is below 5 × \(bound)")
        }
    }

    static let pairs = fiveLists(
        "bound5_pairs", lists(of: Int16.self, length: 0...2, below: 256), least: "-32768", below: 256)
    static let triples = fiveLists(
        "bound5_triples", lists(of: Int16.self, length: 0...3, below: 256), least: "-32768", below: 256)
    static let int8 = fiveLists("bound5_int8", lists(of: Int8.self, length: 0...1, below: 16), least: "-128", below: 16)
    static let int32 = fiveLists(
        "bound5_int32", lists(of: Int32.self, length: 0...1, below: 256), least: "-2147483648", below: 256)

    static let int16Lists = lists(of: Int16.self, length: 0...1, below: 256)
    static let threeLists = ChallengeCase(
        "bound3", minima: minima(least: "-32768", empties: 1), Gen.zip(int16Lists, int16Lists, int16Lists)
    ) { a, b, c in
        try ensure(sum([a, b, c]) < 3 * 256, "the sum is below 3 × 256")
    }

    static let sevenLists = ChallengeCase(
        "bound7", minima: minima(least: "-32768", empties: 5, tuple: false), int16Lists.array(length: 7...7)
    ) { lists in
        try ensure(sum(lists) < 7 * 256, "the sum is below 7 × 256")
    }
}
