/// The draws of ascending cases (see ``ChoiceSource``): each integer above the last of its range, so that
/// sorted collections, dates in order and keys inserted in order — a degenerate search tree, a binary
/// search over a real sorted array — show up; uniform draws sort five values once in 120 cases, ten once
/// in 3.6 million. Recorded as usual, so replay and shrinking see ordinary choices.
extension ChoiceSource {
    /// An ascending case's choice in `0...bound`: one whose value lies above the value of the case's last
    /// choice of the same kind, when it made one below the top; otherwise `uniform`.
    @inlinable @inline(__always)
    mutating func ascendingChoice(bound: UInt64, shape: UInt64, roll: UInt64, uniform: UInt64) -> UInt64 {
        let kind = EarlierChoices.kind(bound: bound, shape: shape)
        var choice = uniform
        if let newest = earlier.newest(ofKind: kind) {
            let last = min(newest, bound)
            // Choices are in the order of their values unless the range holds values below its origin.
            let above =
                shape == 0
                ? Self.choice(above: last, bound: bound, roll: roll)
                : Self.choice(above: last, bound: bound, shape: shape, roll: roll)
            choice = above ?? uniform
        }
        earlier.remember(choice, kind: kind)
        return choice
    }

    /// A choice above `last` in `0...bound`, by a step of up to an eighth of the way to the top (lest a long
    /// collection reach it early); `nil` when `last` is the top.
    @inlinable @inline(__always)
    static func choice(above last: UInt64, bound: UInt64, roll: UInt64) -> UInt64? {
        guard last < bound else { return nil }
        return last + 1 + roll.multipliedFullWidth(by: (bound - last - 1) / 8 + 1).high
    }

    /// A choice of a range around its origin (`shape` values below it) whose value lies above the value
    /// `last` makes, or `nil` when that is the greatest; out of line, for the draws of such ranges only.
    @usableFromInline @inline(never)
    static func choice(above last: UInt64, bound: UInt64, shape: UInt64, roll: UInt64) -> UInt64? {
        let integer = IntegerShape(bound: bound, below: shape)
        let rank = integer.rank(of: last)
        return choice(above: rank, bound: bound, roll: roll).map(integer.choice(forRank:))
    }
}
