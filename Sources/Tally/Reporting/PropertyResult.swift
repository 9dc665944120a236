/// What one run of one property found: a plain value for the CLI, the nightly fuzz and benchmarks.
public struct PropertyResult: Sendable {
    /// How the run ended.
    public enum Outcome: Sendable {
        /// Every case held.
        case passed
        /// A case broke the property; here is its shrunk form.
        case failed(Counterexample)
        /// The property could not be checked, for example because its generators discarded too many
        /// cases, a coverage requirement was missed, or a replay token was invalid.
        case gaveUp(String)
    }

    /// The property's identity.
    public var propertyID: String
    /// How the run ended.
    public var outcome: Outcome
    /// The seed of the search.
    public var seed: UInt64
    /// Valid cases run (during the search; replays of saved failures count too).
    public var casesRun: Int
    /// Cases discarded because a generator gave up on them.
    public var casesDiscarded: Int
    /// How long the run took, shrinking included.
    public var duration: Duration
    /// The labels of the run's cases.
    public var labels: LabelCounts
    /// Saved failures replayed before the search (those that pass now are removed).
    public var savedExamplesReplayed = 0
    /// Whether the seed was given (`TALLY_SEED`, `--seed`) rather than derived from the property's identity.
    public var seedWasGiven = false

    /// Whether every case held.
    public var passed: Bool {
        if case .passed = outcome { return true }
        return false
    }

    /// The shrunk counterexample, when a case failed.
    public var counterexample: Counterexample? {
        if case .failed(let counterexample) = outcome { return counterexample }
        return nil
    }
}

/// A failing case, shrunk, with everything needed to understand and replay it.
public struct Counterexample: Sendable {
    /// Where the failing case came from.
    public enum Origin: Sendable, Equatable {
        /// Found by the random search.
        case search
        /// A saved failure from an earlier run, replayed first.
        case savedExample(path: String)
        /// The replay of a token (`TALLY_REPLAY`).
        case replay
    }

    /// The shrunk value, pretty-printed.
    public var value: String
    /// What failed for the shrunk value (the thrown error or the recorded issues).
    public var failure: String
    /// The failing value as first found, before shrinking, pretty-printed.
    public var originalValue: String
    /// The token that replays the shrunk case exactly.
    public var token: ReplayToken
    /// Where the failing case came from.
    public var origin: Origin
    /// Shrink steps taken: candidate cases that failed and were simpler.
    public var shrinkSteps: Int
    /// Candidate cases the shrinker tried.
    public var shrinkAttempts: Int
    /// How long shrinking took.
    public var shrinkDuration: Duration
    /// Why shrinking stopped early, if the budget ran out before the case was minimal.
    public var shrinkBudgetExhausted: String?
    /// Whether replaying the shrunk case failed again; `false` means the property is flaky.
    public var reproduced: Bool
    /// The path the failure was saved to, if it was.
    public var savedPath: String?
}
