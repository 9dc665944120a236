import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `buffer(policy:)` under Tally's scheduler: the buffer's own task
/// iterates the base while the consumer iterates the buffer, and the scheduler picks which runs when.
///
/// The promises, from `AsyncBufferSequencePolicy`'s doc comments: `bounded(limit)` "will buffer elements until
/// the limit is reached. Then it will suspend the upstream async sequence" (nothing dropped);
/// `bufferingLatest(limit)`: "After the limit is reached and a new element is produced by the upstream, the
/// oldest buffered element will be discarded"; `bufferingOldest(limit)`: "… the latest buffered element will
/// be discarded" (the new one is not kept). So which elements come out depends on the interleaving, and the
/// property replays the run's own order of events (an element produced, the consumer's `next()`) through a
/// model buffer: what comes out must be exactly what the model's buffer kept.
@Suite struct AsyncBufferTrials {
    enum Policy: Sendable, Equatable, CustomStringConvertible {
        case bounded(Int)
        case bufferingLatest(Int)
        case bufferingOldest(Int)

        var limit: Int {
            switch self {
            case .bounded(let limit), .bufferingLatest(let limit), .bufferingOldest(let limit): limit
            }
        }

        var package: AsyncBufferSequencePolicy {
            switch self {
            case .bounded(let limit): .bounded(limit)
            case .bufferingLatest(let limit): .bufferingLatest(limit)
            case .bufferingOldest(let limit): .bufferingOldest(limit)
            }
        }

        var description: String {
            switch self {
            case .bounded(let limit): ".bounded(\(limit))"
            case .bufferingLatest(let limit): ".bufferingLatest(\(limit))"
            case .bufferingOldest(let limit): ".bufferingOldest(\(limit))"
            }
        }
    }

    struct Plan: Sendable, CustomStringConvertible {
        var policy: Policy
        var values: [Int]
        /// How many times the base yields before each element.
        var sourceYields: Int
        /// How many times the consumer yields after each element it receives (a slow consumer).
        var consumerYields: Int

        var description: String {
            "buffer(policy: \(policy)) of \(values) (base yields \(sourceYields) before each, "
                + "consumer \(consumerYields) after each)"
        }
    }

    struct Outcome: Sendable, CustomStringConvertible {
        var received: [Int]
        var afterEnd: Int?
        var events: [LoggedSource.Event]

        var description: String {
            "received \(received)\(afterEnd.map { ", then \($0) after nil" } ?? ""); events: "
                + events.map(\.description).joined(separator: ", ")
        }
    }

    static let plans = Gen(
        Gen.zip(
            Gen.int(in: 0...2), Gen.int(in: 1...3), Gen.int(in: 0...6), Gen.int(in: 0...2), Gen.int(in: 0...3)
        ).map { kind, limit, count, sourceYields, consumerYields in
            let policy: Policy =
                switch kind {
                case 0: .bounded(limit)
                case 1: .bufferingLatest(limit)
                default: .bufferingOldest(limit)
                }
            return Plan(
                policy: policy, values: (0..<count).map { $0 + 1 }, sourceYields: sourceYields,
                consumerYields: consumerYields)
        })

    /// The consumer is the run's root task; the buffer starts its own task to iterate the base.
    static func run(_ plan: Plan) async -> Outcome {
        let log = LoggedSource.Log([])
        let base = LoggedSource(index: 0, values: plan.values, yields: plan.sourceYields, fails: false, log: log)
        var iterator = base.buffer(policy: plan.policy.package).makeAsyncIterator()
        var received: [Int] = []
        while true {
            log.update { $0.append(.demanded) }
            guard let value = try? await iterator.next() else { break }
            received.append(value)
            await yield(times: plan.consumerYields)
        }
        let again = try? await iterator.next()
        return Outcome(received: received, afterEnd: again, events: log.current)
    }

    /// What the consumer must receive, replaying the run's events through a model buffer: a `next()` takes the
    /// oldest buffered element, or waits; an element goes to a waiting consumer, or into the buffer as the policy
    /// says (`dropsNewestWhenLatest` plants a bug in the model: `bufferingLatest` then drops the new element).
    static func expected(_ plan: Plan, _ events: [LoggedSource.Event], dropsNewestWhenLatest: Bool = false) -> [Int] {
        var buffer: [Int] = []
        var waiting = false
        var delivered: [Int] = []
        for event in events {
            switch event {
            case .demanded:
                if buffer.isEmpty { waiting = true } else { delivered.append(buffer.removeFirst()) }
            case .produced(_, let value):
                if waiting {
                    delivered.append(value)
                    waiting = false
                    continue
                }
                switch plan.policy {
                case .bounded:
                    buffer.append(value)
                case .bufferingLatest(let limit) where !dropsNewestWhenLatest:
                    if buffer.count == limit { buffer.removeFirst() }
                    buffer.append(value)
                case .bufferingLatest(let limit), .bufferingOldest(let limit):
                    if buffer.count < limit { buffer.append(value) }
                }
            case .ended, .threw:
                waiting = false
            }
        }
        return delivered
    }

    static func keepsWhatThePolicyKeeps(dropsNewestWhenLatest: Bool) -> Property {
        Property(
            "buffer(policy:) gives exactly what its policy keeps, for every interleaving"
                + (dropsNewestWhenLatest ? " (planted: a model whose bufferingLatest drops the newest)" : ""),
            Gen.scheduled(plans, run)
        ) { scenario in
            let plan = scenario.plan
            let outcome = try scenario.run.outcome
            let model = expected(plan, outcome.events, dropsNewestWhenLatest: dropsNewestWhenLatest)
            try ensureEqual(outcome.received, model, "elements received (the model buffer replays the run's events)")
            try ensure(outcome.afterEnd == nil, "next() after nil returned \(outcome.afterEnd!)")
            guard case .bounded(let limit) = plan.policy else { return }
            try ensureEqual(outcome.received, plan.values, "elements received through a bounded buffer (none dropped)")
            var demands = 0
            var produced = 0
            for event in outcome.events {
                if event == .demanded { demands += 1 }
                guard case .produced = event else { continue }
                produced += 1
                try ensure(
                    produced <= demands + limit,
                    "element \(produced) produced after only \(demands) next() calls: bounded(\(limit)) lets the base "
                        + "run at most \(limit) ahead")
            }
        }
    }

    @Test func bufferKeepsWhatThePolicyKeeps() async {
        await expectHolds(Self.keepsWhatThePolicyKeeps(dropsNewestWhenLatest: false), cases: 500)
    }

    /// The planted bug is seen only where the base runs more than `limit` elements ahead of the consumer: the
    /// least such case is `bufferingLatest(1)` of three elements (the first goes to the waiting consumer, the
    /// third finds the second buffered).
    @Test func aWrongBufferModelIsCaughtAndShrunk() async throws {
        let caught = try #require(
            await expectCaught(
                Self.keepsWhatThePolicyKeeps(dropsNewestWhenLatest: true), cases: 500,
                as: ScheduledScenario<Plan, Outcome>.self))
        #expect(caught.value.plan.policy == .bufferingLatest(1))
        #expect(caught.value.plan.values == [1, 2, 3])
        #expect(caught.failure.contains("elements received"))
    }
}
