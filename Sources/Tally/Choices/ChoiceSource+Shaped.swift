extension ChoiceSource {
    /// Makes a value of one of several kinds, listed simplest first: draws the kind — while searching,
    /// kind `i` with probability proportional to `weights[i]` — and has `make` build a value of it. The
    /// kind and its value are one span, as a ``Gen/oneOf(_:fileID:line:)`` alternative is, so the shrinker
    /// lowers the kind and regenerates what follows it.
    @usableFromInline
    mutating func oneOfKinds<Value>(weights: [Int], _ make: (Int, inout ChoiceSource) -> Value) -> Value {
        beginSpan(label: SpanLabel.alternative(of: weights.count))
        defer { endSpan() }
        return make(draw(kindWeights: weights), &self)
    }

    /// Draws a choice in `0...weights.count - 1` that, while searching, is `i` with probability
    /// proportional to `weights[i]`; replay reads it as usual.
    private mutating func draw(kindWeights weights: [Int]) -> Int {
        let last = UInt64(weights.count - 1)
        var forced: UInt64 = 0
        if isRandom {
            var roll = Int(random.next(upTo: UInt64(weights.reduce(0, +) - 1)))
            for (index, weight) in weights.enumerated() {
                if roll < weight { forced = UInt64(index); break }
                roll -= weight
            }
        }
        return Int(draw(upTo: last, forcing: forced))
    }

    /// Draws a choice in `0...bound` that, while searching, is as likely to have few bits as many: its
    /// bit width is uniform, then its bits. Over a huge bound (every `Double`, every second of ten
    /// thousand years) a uniform draw is almost never small; this one is small a fair share of the time.
    ///
    /// Give an integer's `shape` (the count of its values below the one choice `0` makes, as
    /// ``IntegerChoiceMapping/below``) and `origin` (that value) so that the shrinker moves it by amounts
    /// of value.
    @usableFromInline
    mutating func draw(scaledUpTo bound: UInt64, shape: UInt64 = 0, origin: UInt64 = 0) -> UInt64 {
        guard isRandom else { return drawRecorded(upTo: bound, shape: shape, origin: origin) }
        let width = random.next(upTo: UInt64(UInt64.bitWidth - bound.leadingZeroBitCount))
        let forced = width == 0 ? 0 : random.next() & (UInt64.max >> (64 - width))
        return record(min(forced, bound), bound: bound, shape: shape, origin: origin)
    }

    /// Draws one integer of `mapping`'s range, small a fair share of the time while searching (see
    /// ``draw(scaledUpTo:shape:)``), shrinking by value toward the value nearest zero.
    @usableFromInline
    mutating func draw<Value>(scaled mapping: IntegerChoiceMapping<Value>) -> Value {
        mapping.value(for: draw(scaledUpTo: mapping.lastChoice, shape: mapping.below, origin: mapping.origin))
    }

    /// Draws one integer of `mapping`'s range uniformly while searching, shrinking by value.
    @usableFromInline
    mutating func draw<Value>(_ mapping: IntegerChoiceMapping<Value>) -> Value {
        mapping.value(
            for: draw(upTo: mapping.lastChoice, favoring: mapping.favored, shape: mapping.below, origin: mapping.origin)
        )
    }
}
