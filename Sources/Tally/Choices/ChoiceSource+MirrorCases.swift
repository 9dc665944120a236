/// *Mirror cases*: one search case in sixteen keeps its integers on a stack, so that values come back
/// in reverse — a palindrome, a list and its reverse, brackets opened and closed.
///
/// A draw either keeps its uniform value on the stack (the last eight choices ``EarlierChoices`` holds)
/// or takes back the newest value of the same range. Each collection picks a plan: keep every element,
/// take every element back, so that it is the reverse of what came before, or keep its first half and take
/// back its second: a palindrome (see ``MirrorStep/plan(roll:stackHolds:)``). A draw outside a
/// collection is a plain case's: the case is dealt as plain, and only the elements of its collections
/// draw as a mirror case (see ``mirrorsCollections(startingFrom:)``). A mirror case repeats collection
/// lengths as reuse cases do, and its collections of unstated length hold at most eight elements, as many
/// as the stack keeps. The case still follows from the state it starts from; replay and the shrinker see
/// ordinary choices.
extension ChoiceSource {
    /// Whether this case keeps its integers on a stack; see the type's discussion.
    @inlinable var isMirrorCase: Bool { mirrorsCollections }

    /// The choice of a mirror case's draw: see ``MirrorStep``. Out of line: only the elements of a mirror
    /// case's collections take it, so the draws of every other case need not carry its loop.
    @inlinable @inline(__always)
    mutating func mirroredChoice(bound: UInt64, shape: UInt64, uniform: UInt64) -> UInt64 {
        earlier.mirrored(uniform, bound: bound, kind: EarlierChoices.kind(bound: bound, shape: shape), step: mirrorStep)
    }
}

extension EarlierChoices {
    /// A mirror case's draw of `uniform` on this stack, by `step`.
    @usableFromInline @inline(never)
    mutating func mirrored(_ uniform: UInt64, bound: UInt64, kind: UInt64, step: MirrorStep) -> UInt64 {
        if step == .takeBack, let taken = takeNewest(ofKind: kind) { return min(taken, bound) }
        if step == .keep { remember(uniform, kind: kind) }
        return uniform
    }
}

/// What a mirror case's draw does with its stack.
@usableFromInline
enum MirrorStep: UInt8, Sendable {
    /// Outside a mirror case's collections, where no draw reads it (a draw is a mirror case's only inside
    /// them; `collect(length:into:addElement:)` sets the step with the kind and restores both).
    case outside
    /// Keeps the uniform value on the stack.
    case keep
    /// Takes back the newest value of the same range, or draws a uniform one, not kept, when there is none.
    case takeBack
    /// The middle of a palindrome of odd length: a uniform value, not kept.
    case middle

    /// The plan that takes back every element (see ``plan(roll:stackHolds:)``).
    @inlinable static var takeBackPlan: UInt64 { 1 }

    /// The plan of a mirror case's collection, picked by `roll`: 0 keeps every element, 1 takes every one
    /// back, 2 keeps the first half and takes back the second (a palindrome). With nothing on the stack,
    /// keep or palindrome, one in two each, since a take-back would find nothing to take; with values on it,
    /// take back one in two, so that the collection is the reverse of what came before, keep or palindrome
    /// one in four each.
    @inlinable
    static func plan(roll: UInt64, stackHolds: Bool) -> UInt64 {
        stackHolds ? 0x85 >> ((roll & 3) << 1) & 3 : (roll & 1) << 1
    }

    /// The step for element `index` of a collection of `length` elements in a mirror case, by its `plan`
    /// (see ``plan(roll:stackHolds:)``).
    @inlinable
    static func forElement(_ index: Int, of length: Int, plan: UInt64) -> MirrorStep {
        switch plan {
        case 0: .keep
        case 1: .takeBack
        default: index < length / 2 ? .keep : length % 2 == 1 && index == length / 2 ? .middle : .takeBack
        }
    }
}
