/// A case replayed for a shrinker that runs elsewhere (in another process): the choices it used, their
/// bounds and spans, and what failed.
public struct ReplayedCase: Sendable, Equatable {
    /// The choices actually used.
    public var choices: ChoiceSequence
    /// Each choice's upper bound.
    public var bounds: [UInt64]
    /// Spans of related choices, as `start..<end`.
    public var spans: [Range<Int>]
    /// What failed, or `nil` when the case held (or was discarded).
    public var failure: String?

    /// A replayed case.
    public init(choices: ChoiceSequence, bounds: [UInt64], spans: [Range<Int>], failure: String?) {
        self.choices = choices
        self.bounds = bounds
        self.spans = spans
        self.failure = failure
    }
}

extension Property {
    /// Runs one case drawn from raw fuzzer bytes (libFuzzer's input), synchronously: the choices the
    /// bytes made and what failed. `nil` when the property's body is asynchronous.
    public func runFuzzerInput(_ bytes: [UInt8]) -> (choices: ChoiceSequence, failure: String?)? {
        makeEngine(RunConfiguration()).runFuzzerInput(bytes)
    }

    /// The choices that raw fuzzer bytes make through this property's generator, without running the
    /// body: how a libFuzzer crash file becomes a replay token.
    public func choices(fromFuzzerInput bytes: [UInt8]) -> ChoiceSequence {
        makeEngine(RunConfiguration()).choicesFromBytes(bytes)
    }

    /// The choices of the case the search drew from the random state `start` (as a flight recorder
    /// keeps it): the generator runs again, recording, without the body.
    public func choices(regeneratedFrom start: RandomSource) -> ChoiceSequence {
        makeEngine(RunConfiguration()).regenerate(start)
    }

    /// The value `choices` make, pretty-printed.
    public func describe(_ choices: ChoiceSequence) -> String {
        makeEngine(RunConfiguration()).describe(choices)
    }
}
