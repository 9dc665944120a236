/// The draws of reuse cases (see ``ChoiceSource``), from the choices the case made before
/// (``EarlierChoices``). Their choices are recorded as usual, so replay and shrinking see ordinary choices.
extension ChoiceSource {
    /// A reuse case's choice in `0...bound`, from the one random word `roll` every search draw takes: in
    /// `reuseShare` eighths of its draws one of the case's last eight choices of the same kind, when it made
    /// one; in one eighth one of `favored`; otherwise `uniform`.
    @inlinable @inline(__always)
    mutating func reusedChoice(
        bound: UInt64, shape: UInt64, roll: UInt64, uniform: UInt64, favored: FavoredChoices
    ) -> UInt64 {
        let pick = roll & 7
        let favorite = favored.pick(roll >> 3)
        // The favored choice where `pick` is the share: the mask is all ones where `pick ^ reuseShare` is 0.
        let drawn = Mask.select(favorite, over: uniform, where: Mask.isNonzero(pick ^ reuseShare, below: 3) &- 1)
        let kind = EarlierChoices.kind(bound: bound, shape: shape)
        return earlier.choice(kind: kind, drawn: drawn, reuse: Mask.isBelow(pick, reuseShare), spin: roll >> 32)
    }

    /// A collection's target length in a reuse case: five times in eight the one the case's last
    /// collection of the same length range aimed for, so that two lists of one length (one a permutation
    /// of the other, or equal but for one element) show up; otherwise `drawn`. Always that one when
    /// `always` is `true` and the case has one.
    @inlinable
    mutating func reusedLength(_ drawn: Int, span: Int, always: Bool = false) -> Int {
        let reuse = always || random.next() & 7 < 5
        let kind = EarlierChoices.kind(bound: UInt64(span), shape: .max)
        var target = UInt64(drawn)
        if reuse, let last = earlier.lastLength, last.kind == kind { target = last.target }
        earlier.lastLength = (kind, target)
        return Int(target)
    }
}
