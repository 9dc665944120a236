import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `combineLatest` of two bases under Tally's scheduler, which picks the
/// order of the jobs of the consumer and of the task and child tasks `combineLatest` starts to iterate them.
///
/// The promises, from the Combine Latest guide: it "combines the latest values produced from two or more
/// asynchronous sequences"; "if a base's iterator returns `nil` at the first iteration, then the
/// `AsyncCombineLatestSequence` iterator immediately returns `nil`"; after the first tuple, "the terminal state
/// … will only be reached when all of the base iterations reach a terminal state"; "if at any point … an error
/// is thrown by any base, the other iterations are cancelled and the thrown error is immediately thrown to the
/// consuming iteration". The property replays the run's own order of events through a model: every element a
/// base produces once both have produced gives one tuple of the latest of each, nothing comes before both
/// have, and the end is nil when both end (or one ends empty), or the error once a base throws.
@Suite struct AsyncCombineLatestTrials {
    struct Plan: Sendable, CustomStringConvertible {
        /// Each base's values: base `s` gives `100·(s + 1) + 1`, `100·(s + 1) + 2`, …
        var counts: [Int]
        /// How many times each base yields before each element and before its end.
        var yields: [Int]
        /// The base that throws after its values, if one does.
        var failing: Int?

        func values(of source: Int) -> [Int] {
            (0..<counts[source]).map { 100 * (source + 1) + $0 + 1 }
        }

        var description: String {
            counts.indices.map { source in
                "S\(source + 1) \(values(of: source))\(failing == source ? " then throws" : "")"
                    + (yields[source] > 0 ? " (\(yields[source]) yields each)" : "")
            }.joined(separator: "; ")
        }
    }

    /// How the consumer's iteration ended.
    enum Ending: Sendable, Equatable, CustomStringConvertible {
        case finished
        case threw(String)

        var description: String {
            switch self {
            case .finished: "nil"
            case .threw(let error): "threw \(error)"
            }
        }
    }

    struct Outcome: Sendable, CustomStringConvertible {
        var received: [[Int]]
        var ending: Ending
        /// What the next `next()` after the end gave: nil, an element, or an error.
        var afterEnd: String?
        var events: [LoggedSource.Event]

        var description: String {
            "received \(received), then \(ending)\(afterEnd.map { ", then \($0)" } ?? ""); events: "
                + events.map(\.description).joined(separator: ", ")
        }
    }

    /// Two bases of up to three values; with `failing`, one of them throws after its values.
    static func plans(failing: Bool) -> Gen<Plan> {
        Gen(
            Gen.zip(
                Gen.int(in: 0...3).array(length: 2...2), Gen.int(in: 0...2).array(length: 2...2), Gen.int(in: 0...1)
            )
            .map { counts, yields, thrower in Plan(counts: counts, yields: yields, failing: failing ? thrower : nil) })
    }

    static func run(_ plan: Plan) async -> Outcome {
        let log = LoggedSource.Log([])
        let bases = plan.counts.indices.map {
            LoggedSource(
                index: $0, values: plan.values(of: $0), yields: plan.yields[$0], fails: plan.failing == $0, log: log)
        }
        var iterator = combineLatest(bases[0], bases[1]).makeAsyncIterator()
        var received: [[Int]] = []
        var ending = Ending.finished
        do {
            while let tuple = try await iterator.next() { received.append([tuple.0, tuple.1]) }
        } catch {
            ending = .threw("\(error)")
        }
        let afterEnd: String?
        do {
            afterEnd = try await iterator.next().map { (tuple: (Int, Int)) in "\([tuple.0, tuple.1]) after the end" }
        } catch {
            afterEnd = "\(error) thrown again"
        }
        return Outcome(received: received, ending: ending, afterEnd: afterEnd, events: log.current)
    }

    /// What must come out, replaying the run's events: the tuples, and whether a base's error ends them.
    /// `pairsFirstElements` plants a bug in the model: the first tuple pairs each base's first element,
    /// rather than its latest.
    static func expected(_ events: [LoggedSource.Event], pairsFirstElements: Bool = false) -> (
        tuples: [[Int]], error: Int?
    ) {
        var latest: [Int?] = [nil, nil]
        var ended = [false, false]
        var tuples: [[Int]] = []
        for event in events {
            switch event {
            case .produced(let source, let value):
                if pairsFirstElements, tuples.isEmpty, latest[source] != nil { continue }
                latest[source] = value
                if let first = latest[0], let second = latest[1] { tuples.append([first, second]) }
            case .ended(let source):
                ended[source] = true
                if latest[source] == nil || ended.allSatisfy({ $0 }) { return (tuples, nil) }
            case .threw(let source):
                return (tuples, source)
            case .demanded:
                break
            }
        }
        return (tuples, nil)
    }

    /// Checks a run against the model: with no error, exactly the model's tuples, then nil; with an error, the
    /// first of the tuples before it (the package may drop those not yet taken: "immediately thrown"), then the
    /// error; and nil after either.
    static func check(_ scenario: ScheduledScenario<Plan, Outcome>, pairsFirstElements: Bool = false) throws {
        let outcome = try scenario.run.outcome
        let (tuples, error) = expected(outcome.events, pairsFirstElements: pairsFirstElements)
        if let error {
            try ensure(
                Array(tuples.prefix(outcome.received.count)) == outcome.received,
                "tuples received \(outcome.received) are the first of \(tuples) (those before S\(error + 1) threw)")
            try ensureEqual(outcome.ending, .threw("\(LoggedSource.Thrown(source: error))"), "the end")
        } else {
            try ensureEqual(outcome.received, tuples, "tuples received (the model replays the run's events)")
            try ensureEqual(outcome.ending, .finished, "the end")
        }
        try ensure(outcome.afterEnd == nil, "next() after the end gave \(outcome.afterEnd!)")
    }

    static func combinesTheLatest(pairsFirstElements: Bool) -> Property {
        Property(
            "combineLatest gives a tuple of the latest of each base for every element once both have produced, "
                + "then nil when both end"
                + (pairsFirstElements ? " (planted: a model whose first tuple pairs the first elements)" : ""),
            Gen.scheduled(plans(failing: false), run)
        ) { try check($0, pairsFirstElements: pairsFirstElements) }
    }

    static let throwsTheError = Property(
        "combineLatest: when a base throws, the tuples before it, then the error",
        Gen.scheduled(plans(failing: true), run)
    ) { try check($0) }

    static let throwsTheErrorOnceBothProduced = Property(
        "combineLatest: when a base throws after both have produced, the tuples before it, then the error",
        Gen.scheduled(plans(failing: true).filter { $0.counts.allSatisfy { $0 > 0 } }, run)
    ) { try check($0) }

    @Test func aTupleComesAfterABaseThrew() async {
        await expectKnownDefect(
            // The least case: one element each, one base throws after its own, and the other's element makes a
            // tuple the consumer receives before the error. Which base throws depends on the seed.
            Self.throwsTheErrorOnceBothProduced, cases: 500, shrunkAs: ScheduledScenario<Plan, Outcome>.self,
            shows: { scenario in
                guard let outcome = try? scenario.run.outcome else { return false }
                return scenario.plan.counts == [1, 1] && scenario.plan.failing != nil && outcome.received.count == 1
                    && outcome.ending != .finished
            },
            "combineLatest 1.1.4: a tuple made after a base threw reaches the consumer before the error"
        ) {
            let missed = await Self.runsThatMissTheError(of: 100, thrower: [201], other: [101])
            try ensureEqual(missed, 0, "runs of 100 that gave a tuple made after the throw")
        }
    }

    @Test func combineLatestCombinesTheLatest() async {
        await expectHolds(Self.combinesTheLatest(pairsFirstElements: false), cases: 500)
    }

    /// The planted bug is seen only where one base produces twice before the other's first element: the
    /// least such case is two elements of one base and one of the other, in that order.
    @Test func aWrongCombineLatestModelIsCaughtAndShrunk() async throws {
        let caught = try #require(
            await expectCaught(
                Self.combinesTheLatest(pairsFirstElements: true), cases: 500, as: ScheduledScenario<Plan, Outcome>.self
            ))
        #expect(caught.value.plan.counts.sorted() == [1, 2])
        #expect(caught.failure.contains("tuples received"))
    }

    @Test func anErrorIsLostWhenTheOtherBaseEndsEmpty() async {
        await expectKnownDefect(
            // The least case: both bases empty, one throws, the other ends, and the consumer is told nil. Which
            // base throws depends on the seed (the two are symmetric), so the pin says what either must show.
            Self.throwsTheError, cases: 500, shrunkAs: ScheduledScenario<Plan, Outcome>.self,
            shows: { scenario in
                guard let outcome = try? scenario.run.outcome else { return false }
                return scenario.plan.counts == [0, 0] && scenario.plan.failing != nil && outcome.received.isEmpty
                    && outcome.ending == .finished
            },
            "combineLatest 1.1.4: a base's error is lost when the other base ends empty before the error is handled"
        ) {
            let missed = await Self.runsThatMissTheError(of: 100, thrower: [], other: [])
            try ensureEqual(missed, 0, "runs of 100 that ended with nil, not the error")
        }
    }
}
