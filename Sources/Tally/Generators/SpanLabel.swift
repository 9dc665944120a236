/// The labels Tally's own generators give their spans (see ``ChoiceSource/beginSpan(label:)``), so the
/// shrinker knows which spans are parts of the same kind. Hand-written spans use `0` unless they say.
@usableFromInline
enum SpanLabel {
    /// One element of a collection, with the choice that said "one more".
    @usableFromInline static let element: UInt64 = 1
    /// The second stage of a `flatMap`.
    @usableFromInline static let continuation: UInt64 = 2
    /// The alternative `oneOf` or `frequency` picked, with the choice that picked it; the label tells
    /// the number of alternatives.
    static func alternative(of count: Int) -> UInt64 { 3 << 56 | UInt64(count) }
    /// One level of a recursive generator (``Gen/recursive(_:fileID:line:_:)``).
    @usableFromInline static let recursion: UInt64 = 4 << 56
    /// One expansion of rule number `index` of a grammar (``Gen/grammar(start:depth:rules:fileID:line:)``).
    static func grammarRule(_ index: Int) -> UInt64 { 6 << 56 | UInt64(index) }
    /// One value of an erased generator (``Gen``), such as a hand-written one.
    @usableFromInline static let generator: UInt64 = 5 << 56

    /// How much a label says about its part, when several spans cover the same choices: a level of a
    /// recursion most, an erased generator least.
    @usableFromInline
    static func rank(_ label: UInt64) -> Int {
        switch label {
        case recursion: 5
        case _ where isAlternative(label): 4
        case element, continuation: 3
        case generator: 0
        default: 1  // a span of your own
        }
    }

    /// Whether the label is an ``alternative(of:)``'s, whatever its count.
    static func isAlternative(_ label: UInt64) -> Bool { label >> 56 == 3 }

    /// Whether spans with this label are whole values that may stand in for one another: not elements
    /// or continuations, whose first choices mean something only in their place.
    static func isWholeValue(_ label: UInt64) -> Bool {
        label != element && label != continuation
    }
}
