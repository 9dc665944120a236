/// The search loop compiled for one value type, built by the inlinable ``Property`` initializer.
@usableFromInline
typealias SpecializedSearch =
    @Sendable (RunConfiguration, UInt64, CaseStatistics, (any Error) -> String) -> SearchOutcome

/// What the random search found: counts, and the random state of the first failing case.
@usableFromInline
struct SearchOutcome {
    @usableFromInline var cases = 0
    @usableFromInline var discarded = 0
    /// Cases the body itself discarded with ``assume(_:_:fileID:line:)``: the body ran on them.
    @usableFromInline var discardedByBody = 0
    /// How much the size grows per case: the size reaches 100 by the 100th case, or by the last.
    @usableFromInline let sizeStep: Int
    /// Whether the generator asks for the case's size (see ``ChoiceSource/size()``): only then does the
    /// search write the size into each case's starting state, which changes the random stream.
    @usableFromInline var growsSize = false
    /// The random state the failing case started from; its choices are regenerated from it, since the
    /// search draws without keeping choices.
    @usableFromInline var failingStart: RandomSource?
    @usableFromInline var failure = ""
    @usableFromInline var gaveUp: String?
    @usableFromInline let iterations: Int
    @usableFromInline let discardRatio: Int
    /// The most cases the search may discard: ``RunConfiguration/discardRatio`` for each case asked for.
    @usableFromInline let discardLimit: Int

    @inlinable
    init(_ configuration: RunConfiguration) {
        iterations = configuration.iterations
        discardRatio = configuration.discardRatio
        discardLimit = configuration.iterations * configuration.discardRatio
        sizeStep = max(1, 100 / max(1, min(configuration.iterations, 100)))
    }

    /// Counts a case the body discarded with ``assume(_:_:fileID:line:)``: not a valid case after all.
    @usableFromInline
    mutating func discard(_ discarded: CaseDiscarded) {
        cases -= 1
        discardedByBody += 1
        discard(discarded.description)
    }

    /// Counts a case a generator discarded; gives up past the discard limit, naming it, and why the
    /// last case was discarded (a filter's retries are per case, not per run).
    @usableFromInline
    mutating func discard(_ rejection: String) {
        discarded += 1
        if discarded > discardLimit {
            gaveUp =
                "gave up after discarding \(discarded) cases, more than the \(discardLimit) allowed (\(discardRatio) "
                + "for each of the \(iterations)"
                + " case\(iterations == 1 ? "" : "s") asked for), with \(cases) valid; the last one: \(rejection)"
        }
    }

    /// Draws the next case without keeping its choices: its value and the random state it started
    /// from, or `nil` when a generator discarded it. Shared by the sync and async search loops.
    @inlinable @inline(__always)
    mutating func nextCase<Cases: Generator>(
        _ generator: Cases, _ source: inout ChoiceSource, _ statistics: CaseStatistics, _ recorder: FlightRecorder?
    ) -> (value: Cases.Value, start: RandomSource)? {
        let start = startCase(&source, recorder)
        let value = generator.generate(&source)
        return admit(source, statistics) ? (value, start) : nil
    }

    /// Starts the next case; the random state it starts from.
    @inlinable @inline(__always)
    mutating func startCase(_ source: inout ChoiceSource, _ recorder: FlightRecorder?) -> RandomSource {
        // By cases drawn, discarded ones too, lest a run that discards its small cases stay small. Sizes
        // 0, 1, 2 … while the run is young, then cycling through 0...127 (capped at 100).
        let drawn = cases &+ discarded
        source.startCase(slot: drawn, size: growsSize ? min((drawn &* sizeStep) & 127, 100) : nil)
        let start = source.randomState
        // Recorded before generating, so that a generator that traps is caught with its own case.
        recorder?.record(start: start)
        return start
    }

    /// Counts the case just generated from `source`: whether it is valid, or discarded by its generator.
    @inlinable @inline(__always)
    mutating func admit(_ source: borrowing ChoiceSource, _ statistics: CaseStatistics) -> Bool {
        if _slowPath(source._rejection != nil) {
            discard(source._rejection!)
            return false
        }
        statistics.beginCase(cases)
        cases += 1
        return true
    }

    /// Whether `generator` asks for a case's size: tried on a few cases drawn from a stream of their own,
    /// each recorded first like any case, so that a generator trapping here is caught with its case too.
    @inlinable
    static func asksForSize<Cases: Generator>(_ generator: Cases, recorder: FlightRecorder? = nil) -> Bool {
        var probe = ChoiceSource(random: RandomSource(seed: 0x5A5A_5A5A), recording: false)
        for _ in 0..<4 where !probe.readsSize {
            probe.restart()
            recorder?.recordUncounted(start: probe.randomState)
            _ = generator.generate(&probe)
        }
        return probe.readsSize
    }

    /// Stops the search at the case that began at `start`.
    @inlinable
    mutating func fail(_ start: RandomSource, _ failure: String) {
        failingStart = start
        self.failure = failure
    }

    /// Counts what the body threw for the case that began at `start`: a discard (see
    /// ``assume(_:_:fileID:line:)``), or the failure that ends the search; whether the search stops.
    /// Shared by the sync and async search loops.
    @inlinable
    mutating func stops(
        onThrowing error: any Error, _ start: RandomSource, _ statistics: CaseStatistics,
        _ describe: (any Error) -> String
    ) -> Bool {
        if let discarded = error as? CaseDiscarded {
            discard(discarded)
            statistics.targets.dropPending()
            return gaveUp != nil
        }
        fail(start, describe(error))
        return true
    }
}

/// The hot loop of a synchronous property: draws cases without keeping their choices, runs the body,
/// stops at the first failure. Inlinable, so that it is compiled for the property's generator type where
/// the property is declared (the generators inline into it); nothing is allocated per case.
@inlinable
func searchCases<Cases: Generator>(
    _ generator: Cases, _ body: (Cases.Value) throws -> Void, configuration: RunConfiguration, seed: UInt64,
    statistics: CaseStatistics, describe: (any Error) -> String
) -> SearchOutcome {
    var outcome = SearchOutcome(configuration)
    let recorder = configuration.flightRecorder
    outcome.growsSize = SearchOutcome.asksForSize(generator, recorder: recorder)
    var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
    while outcome.cases < outcome.iterations {
        // nextCase in parts: its optional tuple made the value be copied once more before the body.
        let start = outcome.startCase(&source, recorder)
        let value = generator.generate(&source)
        guard outcome.admit(source, statistics) else {
            if outcome.gaveUp != nil { break }
            continue
        }
        do {
            try body(value)
            statistics.targets.keepIfImproved(start: start)
        } catch {
            if outcome.stops(onThrowing: error, start, statistics, describe) { break }
        }
    }
    return outcome
}
