/// The draws of ascending cases (see ``ChoiceSource``): each integer above the last of its range, so that
/// sorted collections, dates in order and keys inserted in order — a degenerate search tree, a binary
/// search over a real sorted array — show up; uniform draws sort five values once in 120 cases, ten once
/// in 3.6 million. Recorded as usual, so replay and shrinking see ordinary choices.
extension ChoiceSource {
    /// An ascending case's choice in `0...bound`: one whose value lies above the value of the case's last
    /// choice of the same kind, when it made one below the top; otherwise `uniform`.
    @inlinable
    mutating func ascendingChoice(bound: UInt64, shape: UInt64, roll: UInt64, uniform: UInt64) -> UInt64 {
        let kind = EarlierChoices.kind(bound: bound, shape: shape)
        var choice = uniform
        if let newest = earlier.newest(ofKind: kind) {
            // Choices are in the order of their values unless the range holds values below its origin.
            let integer = shape == 0 ? nil : IntegerShape(bound: bound, below: shape)
            let last = integer?.rank(of: min(newest, bound)) ?? min(newest, bound)
            if last < bound {
                // A step of up to an eighth of the way to the top, lest a long collection reach it early.
                let step = roll.multipliedFullWidth(by: (bound - last - 1) / 8 + 1).high
                choice = integer?.choice(forRank: last + 1 + step) ?? last + 1 + step
            }
        }
        earlier.remember(choice, tag: EarlierChoices.tag(of: kind))
        return choice
    }
}
