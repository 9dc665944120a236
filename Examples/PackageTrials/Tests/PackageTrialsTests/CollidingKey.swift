import Tally

/// A key whose hash keeps only its number divided by four: keys 0–39 fall into ten hash values of four keys
/// each, so a hash tree (`TreeDictionary`, `TreeSet`) builds collision nodes — several keys under one full
/// hash — beside its ordinary branches, and must split and merge them as keys come and go.
struct CollidingKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    let number: Int

    func hash(into hasher: inout Hasher) { hasher.combine(number / 4) }
    static func < (left: Self, right: Self) -> Bool { left.number < right.number }
    var description: String { "k\(number)" }

    /// Every key the trials draw, for lookups of present and absent keys alike.
    static let all = (0...39).map(CollidingKey.init(number:))
    static let keys = Gen<Int>.int(in: 0...39).map(CollidingKey.init(number:))
}
