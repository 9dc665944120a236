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
    /// Replays `choices`: calls `recorded` with the case (choices, bounds, spans) *before* the body runs
    /// — so a supervisor learns the case even when the body then kills the process — and returns what
    /// failed, or `nil`.
    public func replay(_ choices: ChoiceSequence, recorded: (ReplayedCase) -> Void) async -> String? {
        await makeEngine(RunConfiguration()).replay(choices, recorded)
    }

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

/// Shrinks a failing case whose evaluations happen outside this process, such as a case that crashes.
///
/// `evaluate` replays a candidate and answers the case it used and whether it failed. The passes are
/// those of in-process shrinking; the same budgets apply.
public func shrink(
    _ failing: ReplayedCase, configuration: RunConfiguration = RunConfiguration(),
    evaluate: @escaping (ChoiceSequence) async -> ReplayedCase
) async -> (best: ReplayedCase, steps: Int, attempts: Int, budgetExhausted: String?) {
    func failingCase(_ replayed: ReplayedCase) -> FailingCase {
        FailingCase(choices: replayed.choices.choices, bounds: replayed.bounds,
                    spans: replayed.spans.map { ChoiceSpan(start: $0.lowerBound, end: $0.upperBound) }, failure: replayed.failure ?? "")
    }
    let shrinker = Shrinker(
        failing: failingCase(failing), evaluationLimit: configuration.shrinkAttemptLimit, timeLimit: configuration.shrinkTimeLimit,
        evaluation: .external { candidate in
            let replayed = await evaluate(candidate)
            return Probe(run: failingCase(replayed), fails: replayed.failure != nil)
        })
    await shrinker.shrink()
    let best = shrinker.best
    return (ReplayedCase(choices: best.sequence, bounds: best.bounds, spans: best.spans.map { $0.start..<$0.end }, failure: best.failure),
            shrinker.improvements, shrinker.evaluations, shrinker.exhaustedBudget)
}
