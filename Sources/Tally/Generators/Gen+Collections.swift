extension Generator {
    /// A generator of arrays of this generator's values, with a length in `length`.
    ///
    /// After the minimum length, each further element is preceded by a "more" choice, so the shrinker
    /// removes an element by deleting its span and shortens the array by zeroing one choice.
    ///
    /// ```swift
    /// Gen.int(in: 0...100).array(length: 1...50)
    /// ```
    public func array(length: ClosedRange<Int>) -> Gen<[Value]> {
        precondition(length.lowerBound >= 0, "an array length cannot be negative")
        return Gen<[Value]> { source in
            var elements: [Value] = []
            collect(length: length, into: &source) { source in
                elements.append(generate(&source))
                return true
            }
            return elements
        }
    }

    /// A generator of sets of this generator's values, with a size in `count`.
    ///
    /// Duplicates are drawn again a bounded number of times; a case that cannot reach the minimum size
    /// is discarded.
    public func set(count: ClosedRange<Int>) -> Gen<Set<Value>> where Value: Hashable & Sendable {
        precondition(count.lowerBound >= 0, "a set size cannot be negative")
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
    /// A generator of dictionaries with keys from `keys` and values from `values`, with a size in `count`.
    public static func dictionary<Keys: Generator, Values: Generator>(
        keys: Keys, values: Values, count: ClosedRange<Int>
    ) -> Gen<[Keys.Value: Values.Value]> where Keys.Value: Hashable & Sendable, Value == [Keys.Value: Values.Value] {
        precondition(count.lowerBound >= 0, "a dictionary size cannot be negative")
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

/// Draws the elements of a collection whose size lies in `length`.
///
/// `addElement` draws one element and answers whether it grew the collection (a set's duplicate does
/// not). While searching, a target length is picked first — the minimum, the maximum, a small length
/// or any length — and the "more" choices are forced to reach it.
@inline(__always)
func collect(
    length: ClosedRange<Int>, into source: inout ChoiceSource,
    addElement: (inout ChoiceSource) -> Bool
) {
    var target = length.lowerBound
    if source.isRandom {
        let span = UInt64(length.upperBound - length.lowerBound)
        switch source.random.next() & 7 {
        case 0: target = length.lowerBound
        case 1: target = length.upperBound
        case 2, 3: target = length.lowerBound + Int(source.random.next(upTo: min(span, 4)))
        default: target = length.lowerBound + Int(source.random.next(upTo: span))
        }
    }
    var size = 0
    var misses = 0
    let missLimit = 10 + min(length.upperBound, Int.max - 10)
    while size < length.upperBound {
        source.beginSpan(label: SpanLabel.element)
        if size >= length.lowerBound {
            guard source.draw(upTo: 1, forcing: size < target ? 1 : 0) == 1 else {
                source.abandonSpan()
                return
            }
        }
        let added = addElement(&source)
        source.endSpan()
        if added {
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
