/// The search's draws inline, everything else out of line.
///
/// A search draw keeps nothing: it advances the random state and counts itself. Inlined into a
/// generator it calls nothing, so the optimizer can keep the random state and the draw count in
/// registers from one draw to the next, as a hand-written loop over a random generator does. A draw
/// that keeps its choice or replays one takes a call with the whole source, after which the optimizer
/// must assume the state changed and reload it, on every later draw; so the call hands the state and the
/// count back, and storing them after it (``adopt(_:)``) tells the optimizer their values on both paths.
extension ChoiceSource {
    /// `choice`, counted as a draw that keeps nothing: `0` past the choice limit, as ``record(_:bound:shape:)``.
    @inlinable @inline(__always)
    mutating func counted(_ choice: UInt64) -> UInt64 {
        drawCount &+= 1
        return drawCount > Self.choiceLimit ? 0 : choice
    }

    /// The choice of a draw made out of line, after storing the random state and draw count it left.
    @inlinable @inline(__always)
    mutating func adopt(_ drawn: DrawnOutOfLine) -> UInt64 {
        (random, drawCount) = (drawn.random, drawn.drawCount)
        return drawn.choice
    }

    /// ``draw(upTo:)`` for a source that keeps its choices or replays them.
    @usableFromInline @inline(never)
    mutating func drawOutOfLine(upTo bound: UInt64) -> DrawnOutOfLine {
        let choice = mode == .random ? record(random.next(upTo: bound), bound: bound) : drawRecorded(upTo: bound)
        return drawn(choice)
    }

    /// ``draw(upTo:favoring:shape:origin:)`` for a source that keeps its choices or replays them, and for a
    /// simplest-tail case (see ``simplestTailChoice(upTo:)``).
    @usableFromInline @inline(never)
    mutating func drawOutOfLine(
        upTo bound: UInt64, favoring favored: FavoredChoices, shape: UInt64, origin: UInt64
    ) -> DrawnOutOfLine {
        let choice =
            mode != .random
            ? drawRecorded(upTo: bound, shape: shape, origin: origin)
            : record(
                caseKind == .simplestTail
                    ? simplestTailChoice(upTo: bound) : searchChoice(upTo: bound, favoring: favored, shape: shape),
                bound: bound, shape: shape, origin: origin)
        return drawn(choice)
    }

    /// ``draw(upTo:forcing:)`` for a source that keeps its choices or replays them.
    @usableFromInline @inline(never)
    mutating func drawOutOfLine(upTo bound: UInt64, forcing forced: UInt64) -> DrawnOutOfLine {
        let choice = mode == .random ? record(min(forced, bound), bound: bound) : drawRecorded(upTo: bound)
        return drawn(choice)
    }

    /// `choice` with the state the draw left; call it after the draw (`self` is read before the arguments).
    private func drawn(_ choice: UInt64) -> DrawnOutOfLine {
        DrawnOutOfLine(choice: choice, random: random, drawCount: drawCount)
    }
}

/// A choice drawn out of line, with the random state and draw count it left (see ``ChoiceSource/adopt(_:)``).
@usableFromInline
struct DrawnOutOfLine {
    @usableFromInline let choice: UInt64
    @usableFromInline let random: RandomSource
    @usableFromInline let drawCount: Int
}
