import Foundation

/// The body of a property: it returns normally when the case holds and throws when it does not.
@usableFromInline
enum PropertyBody<Value> {
    case sync((Value) throws -> Void)
    case async((Value) async throws -> Void)
}

/// Runs one property: replays a token or saved failures, searches, shrinks, saves, and reports.
///
/// Both faces of Tally use it: ``forAll(_:name:fileID:function:sourceLocation:_:)`` inside Swift
/// Testing and ``Property/check(_:)`` outside it.
@usableFromInline
struct PropertyEngine<Value> {
    let id: String
    let generator: Gen<Value>
    let body: PropertyBody<Value>
    let configuration: RunConfiguration
    /// The search loop compiled for this property's value type, where the property was declared
    /// (``Property/init(_:_:promotion:fileID:line:body:)`` is inlinable), so that generation and the
    /// body are not called through generic thunks.
    @usableFromInline var specializedSearch: SpecializedSearch?

    @usableFromInline
    init(id: String, generator: Gen<Value>, body: PropertyBody<Value>, configuration: RunConfiguration) {
        self.id = id
        self.generator = generator
        self.body = body
        self.configuration = configuration
    }
    /// Where warnings go (corrupt saved examples).
    var warn: (String) -> Void = { message in FileHandle.standardError.write(Data((message + "\n").utf8)) }
    /// Describes an error the body threw; the Swift Testing face adds the issues it suppressed.
    var describeFailure: (any Error) -> String = PropertyFailure.describe

    var seed: UInt64 { configuration.seed ?? StableHash.of(id) }

    func run() async -> PropertyResult {
        let clock = ContinuousClock()
        let start = clock.now
        let statistics = CaseStatistics()
        var result = PropertyResult(
            propertyID: id, outcome: .passed, seed: seed, casesRun: 0, casesDiscarded: 0,
            duration: .zero, labels: LabelCounts())
        result.seedWasGiven = configuration.seed != nil

        if let token = configuration.replay, token.belongs(to: id) {
            result.casesRun = 1
            result.evaluations = 1
            let failing = await evaluate(choices(of: token))
            result.searchDuration = clock.now - start
            if let failing {
                result.fail(await report(failing, origin: .replay, shrink: false))
            } else {
                warn("tally: replayed \(token) for \(id): the case passes now")
            }
            result.duration = clock.now - start
            return result
        }

        let store = configuration.exampleDirectory.map(ExampleStore.init(directory:))
        for saved in store?.load(propertyID: id, warn: warn) ?? [] {
            result.casesRun += 1
            result.savedExamplesReplayed += 1
            result.evaluations += 1
            if let failing = await evaluate(choices(of: saved.token)) {
                result.searchDuration = clock.now - start
                result.fail(await report(failing, origin: .savedExample(path: saved.path), shrink: true))
                result.duration = clock.now - start
                return result
            }
            store?.remove(path: saved.path)
        }

        let phases = await CaseStatistics.$current.withValue(statistics) { await self.searchPhases(statistics) }
        let search = phases.search
        result.casesRun += search.cases
        result.casesDiscarded = search.discarded
        result.evaluations += search.cases + search.discardedByBody + phases.climbEvaluations
        result.searchDuration = clock.now - start
        result.labels = statistics.labels
        result.labels.targets = statistics.targets.scores
        if let failingStart = search.failingStart {
            // The generator alone records the bounds and spans the shrinker works with; the body runs
            // again only on the final case, which tells a flaky property too.
            var failing = replayCandidate(regenerate(from: failingStart)).run
            failing.failure = search.failure
            result.fail(await report(failing, origin: .search, shrink: configuration.shrinks))
        } else if let climbed = phases.climbed {
            result.fail(await report(climbed, origin: .search, shrink: configuration.shrinks))
        } else if let reason = search.gaveUp ?? statistics.targets.problem {
            result.outcome = .gaveUp(reason)
        } else if let missed = CoverageConfidence.shortfalls(result.labels, cases: search.cases) {
            result.outcome = .gaveUp(missed.map { $0.message(cases: search.cases) }.joined(separator: "\n"))
        }
        result.duration = clock.now - start
        return result
    }

    // MARK: Search

    /// Draws up to `iterations` cases from `seed`, stopping at the first failure.
    func search(_ statistics: CaseStatistics, seed: UInt64, iterations: Int) async -> SearchOutcome {
        var configuration = configuration
        configuration.iterations = iterations
        let flight = TrapFlight.current?.beginSearch(onThisThread: body.isSynchronous)
        defer { flight?.endCase() }
        switch body {
        case .sync(let body):
            if let specializedSearch { return specializedSearch(configuration, seed, statistics, describeFailure) }
            return searchCases(
                generator, body, configuration: configuration, seed: seed, statistics: statistics,
                describe: describeFailure)
        case .async(let body):
            var outcome = SearchOutcome(configuration)
            outcome.growsSize = SearchOutcome.asksForSize(generator, recorder: configuration.flightRecorder)
            var source = ChoiceSource(random: RandomSource(seed: seed), recording: false)
            while outcome.cases < outcome.iterations {
                flight?.asyncSearchCase(running: true)
                defer { flight?.asyncSearchCase(running: false) }
                guard
                    let (value, start) = outcome.nextCase(generator, &source, statistics, configuration.flightRecorder)
                else {
                    if outcome.gaveUp != nil { break }
                    continue
                }
                do {
                    try await body(value)
                    statistics.targets.keepIfImproved(start: start)
                } catch {
                    if outcome.stops(onThrowing: error, start, statistics, describeFailure) { break }
                }
            }
            return outcome
        }
    }

    /// The choices of the case that started from `start`, drawn again with recording.
    func regenerate(from start: RandomSource) -> ChoiceSequence {
        var source = ChoiceSource(random: start)
        _ = generator.generate(&source)
        return source.sequence
    }

    /// The choices `token` replays: its own, or those regenerated from its random state.
    func choices(of token: ReplayToken) -> ChoiceSequence {
        token.choices(regenerating: regenerate(from:))
    }

    /// Runs the body on one value.
    private func outcome(of value: Value) async -> CaseOutcome {
        do {
            switch body {
            case .sync(let body): try body(value)
            case .async(let body): try await body(value)
            }
        } catch {
            return error is CaseDiscarded ? .discarded : .fails(describeFailure(error))
        }
        return .holds
    }

    // MARK: Replay and shrink

    /// Replays `choices` through the generator alone, recording bounds, shapes and spans for the
    /// shrinker; the body runs on the value only when the returned `check` is called. Under `swift test`
    /// both run armed for crash recovery (``TrapFlight``): a trap in either saves the case.
    func replayCandidate(_ choices: ChoiceSequence) -> ReplayedCandidate {
        let token = TrapFlight.current.map { _ in ReplayToken(propertyID: id, choices: choices) }
        let generating = token.flatMap { TrapFlight.current?.begin($0, onThisThread: true) }
        var source = ChoiceSource(replaying: choices)
        let value = generator.body(&source)  // no span around the whole case: it would only cost candidates
        generating?.endCase()
        let run = FailingCase(recordedBy: source)
        let discarded = source.rejection != nil
        let synchronous = body.isSynchronous
        return ReplayedCandidate(run: run, isDiscarded: discarded) {
            if discarded { return .discarded }
            let running = token.flatMap { TrapFlight.current?.begin($0, onThisThread: synchronous) }
            defer { running?.endCase() }
            return await outcome(of: value)
        }
    }

    /// Replays `choices`, recording bounds and spans for the shrinker, and runs the body: the case with
    /// what failed, or `nil` when it holds.
    func evaluate(_ choices: ChoiceSequence) async -> FailingCase? {
        await replayCandidate(choices).failing()
    }

    /// Shrinks `failing` unless told not to, saves it, and describes it; with the evaluations it made.
    private func report(
        _ failing: FailingCase, origin: Counterexample.Origin, shrink: Bool
    ) async -> (Counterexample, evaluations: Int) {
        let clock = ContinuousClock()
        let start = clock.now
        var best = failing
        var steps = 0, attempts = 0
        var exhausted: String?
        if shrink {
            let engine = self
            let shrinker = Shrinker(
                failing: failing, evaluationLimit: configuration.shrinkAttemptLimit,
                timeLimit: configuration.shrinkTimeLimit, replay: { engine.replayCandidate($0) })
            await shrinker.shrink()
            best = shrinker.best
            steps = shrinker.improvements
            attempts = shrinker.evaluations
            exhausted = shrinker.exhaustedBudget
        }
        let shrinkDuration = clock.now - start
        // A shrunk case failed when the shrinker replayed it, as a replay token will; the case as found
        // (by the search, which does not replay) is replayed once more, which tells a flaky property —
        // unless the caller shrinks and replays it itself (``RunConfiguration/shrinks`` off).
        let replaysFinal = configuration.shrinks && (best.choices == failing.choices || best.failure.isEmpty)
        let final = replaysFinal ? await evaluate(best.sequence) : best
        let token = ReplayToken(propertyID: id, choices: best.sequence)
        var savedPath: String?
        var notSaved: String?
        if origin != .replay, let directory = configuration.exampleDirectory {
            do {
                savedPath = try ExampleStore(directory: directory).save(token, propertyID: id)
                if case .savedExample(let path) = origin, path != savedPath {
                    ExampleStore(directory: directory).remove(path: path)
                }
            } catch {
                notSaved = "\(error)"
            }
        }
        var source = ChoiceSource(replaying: best.sequence)
        let shrunk = generator.generate(&source)
        return (
            Counterexample(
                value: prettyDescription(of: shrunk), failure: final?.failure ?? best.failure,
                originalValue: describeValue(failing.sequence), token: token, origin: origin,
                shrinkSteps: steps, shrinkAttempts: attempts, shrinkDuration: shrinkDuration,
                shrinkBudgetExhausted: exhausted, reproduced: final != nil, savedPath: savedPath, notSaved: notSaved,
                shrunkValue: UncheckedSendable(shrunk)), attempts + (replaysFinal ? 1 : 0)
        )
    }
}
