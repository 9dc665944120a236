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
