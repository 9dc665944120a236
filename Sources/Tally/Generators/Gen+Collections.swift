extension Generator {
    /// A generator of arrays of this generator's values, with a length in `length`, or of any length.
    ///
    /// Without a length, arrays grow with the case's size (see ``ChoiceSource/size()``): the first cases of
    /// a run draw short arrays, later ones up to 100 elements, so the first failure found is small. Each
    /// element past the minimum is preceded by a "more" choice, so the shrinker removes an element by
    /// deleting its span.
    public func array(length: ClosedRange<Int>? = nil) -> Gen<[Value]> {
        precondition((length?.lowerBound ?? 0) >= 0, "an array length cannot be negative")
        return Gen<[Value]> { source in
            var elements: [Value] = []
            collect(length: length, into: &source) { source in
                elements.append(generate(&source))
                return true
            }
            return elements
        }
    }

    /// A generator of sets of this generator's values, with a size in `count`, or of any size growing
    /// with the case's size as ``array(length:)`` does.
    ///
    /// Duplicates are drawn again a bounded number of times; a case that cannot reach the minimum size
    /// is discarded.
    public func set(count: ClosedRange<Int>? = nil) -> Gen<Set<Value>> where Value: Hashable & Sendable {
        precondition((count?.lowerBound ?? 0) >= 0, "a set size cannot be negative")
        return Gen<Set<Value>> { source in
            var elements = Set<Value>()
            collect(length: count, into: &source) { source in
                elements.insert(generate(&source)).inserted
            }
            return elements
        }
    }
}

extension Gen {
    /// A generator of dictionaries with keys from `keys` and values from `values`, with a size in
    /// `count`, or of any size growing with the case's size as ``Generator/array(length:)`` does.
    public static func dictionary<Keys: Generator, Values: Generator>(
        keys: Keys, values: Values, count: ClosedRange<Int>? = nil
    ) -> Gen<[Keys.Value: Values.Value]> where Keys.Value: Hashable & Sendable, Value == [Keys.Value: Values.Value] {
        precondition((count?.lowerBound ?? 0) >= 0, "a dictionary size cannot be negative")
        return Gen { source in
            var result: Value = [:]
            collect(length: count, into: &source) { source in
                let key = keys.generate(&source)
                let value = values.generate(&source)
                guard result[key] == nil else { return false }
                result[key] = value
                return true
            }
            return result
        }
    }
}

/// Draws the elements of a collection whose size lies in `length`, or is any size when `nil`;
/// `addElement` draws one element and answers whether it grew the collection (a set's duplicate does
/// not). While searching, a target length is picked first and the "more" choices are forced to reach it.
@inline(__always)
func collect(
    length stated: ClosedRange<Int>?, into source: inout ChoiceSource,
    addElement: (inout ChoiceSource) -> Bool
) {
    let length = stated ?? 0...Int.max
    let mirrorPlan =
        source.isMirrorCase ? MirrorStep.plan(roll: source.random.next(), stackHolds: source.earlier.count > 0) : nil
    // A collection that takes back every element has the last one's length, lest it reverse only part.
    let takesAllBack = mirrorPlan == MirrorStep.takeBackPlan
    var target = length.lowerBound
    var lengthSpan = 0
    if stated == nil {
        if source.isRandom {
            let size = source.size()
            lengthSpan = size
            target = Int(source.random.next(upTo: UInt64(size)))
            if source.holdsCollectionsToEarlierChoices { target %= EarlierChoices.capacity + 1 }
            if source.isReuseCase || source.isMirrorCase {
                target = source.reusedLength(target, span: size, always: takesAllBack)
            }
        }
    } else if source.isRandom {
        let span = UInt64(length.upperBound - length.lowerBound)
        switch source.random.next() & 7 {
        case 0: target = length.lowerBound
        case 1: target = length.upperBound
        case 2, 3: target = length.lowerBound + Int(source.random.next(upTo: min(span, 4)))
        default: target = length.lowerBound + Int(source.random.next(upTo: span))
        }
        lengthSpan = Int(span)
        if source.isReuseCase || source.isMirrorCase {
            target =
                length.lowerBound
                + source.reusedLength(target - length.lowerBound, span: Int(span), always: takesAllBack)
        }
    }
    var extra = target - length.lowerBound
    // The elements share one scope in a swarm case, so that a `oneOf` drawing each switches the same
    // alternatives off for every one (see ``SwarmPlace``); a copy draws in the earlier collection's.
    var parts = source.takeSwarmParts()
    var copy =
        source.copiesCollections
        ? source.beginCopiedCollection(span: lengthSpan, extra: &extra, swarmParts: parts) : nil
    if let copy { parts = copy.swarmParts }
    let holdsThis = source.copiesCollections && copy == nil
    let start = source.random
    target = length.lowerBound + extra
    let outer = (step: source.mirrorStep, kind: source.caseKind, place: source.swarmPlace)
    defer {
        if let copy { source.random = copy.resume }
        if mirrorPlan != nil { (source.mirrorStep, source.caseKind) = (outer.step, outer.kind) }
        source.swarmPlace = outer.place
    }
    var size = 0
    var misses = 0
    let missLimit = 10 + min(length.upperBound, Int.max - 10)
    // Without a stated length, one element in four while searching repeats the one before, drawn again
    // from the same random state: bugs that need two equal elements show up in short collections. Not in
    // an ascending case, whose elements climb, a mirror case, whose repeats come back in reverse, nor in a
    // copy case, whose repeats are whole collections.
    var previous: RandomSource?
    var lastMissed = false
    while size < length.upperBound {
        source.beginSpan(label: SpanLabel.element)
        source.enterSwarmPart(parts)
        if size >= length.lowerBound {
            guard source.draw(upTo: 1, forcing: size < target ? 1 : 0) == 1 else {
                source.abandonSpan()
                return
            }
        }
        if let first = copy?.first, size == target - 1 {
            // A rotated copy draws the earlier collection's first element last.
            source.random = first
            copy?.first = nil
        }
        if let mirrorPlan {
            source.mirrorStep = .forElement(size, of: target, plan: mirrorPlan)
            source.caseKind = .mirror
        }
        let added: Bool
        if stated == nil, source.isRandom, let repeated = previous, source.random.next() & 3 == 0 {
            let resume = source.random
            source.random = repeated
            added = addElement(&source)
            source.random = resume
        } else if lastMissed, source.isReuseCase || source.isSimplestTailCase {
            // After a reuse case's element repeated one the collection holds (a set's duplicate), or a
            // simplest-tail case's simplest one did, the next is drawn plain, lest the set never fill.
            let kind = source.caseKind
            source.caseKind = .plain
            added = addElement(&source)
            source.caseKind = kind
        } else {
            if stated == nil, source.isRandom, !source.isAscendingCase, !source.isMirrorCase, !source.copiesCollections
            {
                previous = source.random
            }
            added = addElement(&source)
        }
        source.endSpan()
        lastMissed = !added
        if added {
            if holdsThis, size == 0 { source.keepSecondElement(ofCollectionStartingAt: start) }
            size += 1
        } else {
            misses += 1
            if misses > missLimit {
                if size < length.lowerBound {
                    source.reject("could not draw \(length.lowerBound) distinct elements")
                }
                return
            }
        }
    }
}
