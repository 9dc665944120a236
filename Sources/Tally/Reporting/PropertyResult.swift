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
    /// Cases discarded by a generator or by ``assume(_:_:fileID:line:)``.
    public var casesDiscarded: Int
    /// How long the run took, shrinking included.
    public var duration: Duration
    /// How long the search for a failing case took (replaying saved failures included).
    public var searchDuration: Duration = .zero
    /// How many times the property's body ran, in the search, shrinking and replaying: the run's cost.
    public var evaluations = 0
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

    /// Ends the run with `example`, counting the evaluations that shrinking and reporting it took.
    mutating func fail(_ report: (example: Counterexample, evaluations: Int)) {
        outcome = .failed(report.example)
        evaluations += report.evaluations
    }

    /// What the run cost: `Evaluations: 195   Search: 20 ms   Shrink: 75 ms`.
    public var costs: String {
        var line = "Evaluations: \(evaluations)   Search: \(searchDuration.milliseconds) ms"
        if let example = counterexample, example.origin != .replay {
            line += "   Shrink: \(example.shrinkDuration.milliseconds) ms"
        }
        return line
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

    /// The shrunk value, pretty-printed; ``value(as:)`` gives the value itself.
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
    /// Cases the shrinker evaluated (the body ran on each); candidates it skipped are not counted.
    public var shrinkAttempts: Int
    /// How long shrinking took.
    public var shrinkDuration: Duration
    /// Why shrinking stopped early, if the budget ran out before the case was minimal.
    public var shrinkBudgetExhausted: String?
    /// Whether replaying the shrunk case failed again; `false` means the property is flaky. `true`,
    /// unreplayed, when ``RunConfiguration/shrinks`` is off.
    public var reproduced: Bool
    /// The path the failure was saved to, if it was.
    public var savedPath: String?
    /// Why the failure could not be saved, when saving was on and failed.
    public var notSaved: String? = nil
    /// The shrunk value itself, of the property's value type.
    var shrunkValue: UncheckedSendable<Any>?

    /// The shrunk value as the generator made it, when it is a `T`; `nil` otherwise.
    ///
    /// ```swift
    /// let result = await property.check(RunConfiguration())
    /// if let visit = result.counterexample?.value(as: Visit.self) { print(visit.allowedCents) }
    /// ```
    public func value<T>(as type: T.Type = T.self) -> T? {
        shrunkValue?.value as? T
    }
}
