import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `_throttle(for:clock:latest:)` (1.1.4 ships throttle under this
/// underscored name) on Tally's `ScheduledClock`, so that time is virtual and the times at which elements
/// arrive are drawn.
///
/// The promises, from the Throttle guide: "The throttle algorithm produces elements such that at least a
/// specific interval has elapsed between them"; "The time in which events are measured are from the
/// previous emission if present … The first element is considered not throttled"; the reduction gives "a
/// 'latest' or 'earliest' value". It starts no task: it measures the interval when the base gives an
/// element. So: the first element comes out at its arrival; after an emission, the elements that arrive
/// within the interval are reduced to their latest (or earliest), which comes out with the first arrival at
/// least the interval after that emission, or — at the base's end — once the interval has passed.
@Suite struct AsyncThrottleTrials {
    static let interval = 25

    struct Plan: Sendable, CustomStringConvertible {
        /// When each element arrives, in milliseconds since the run began (multiples of 10: never exactly the
        /// interval after another).
        var arrivals: [Int]
        /// When the base ends.
        var end: Int
        var latest: Bool

        var description: String {
            let elements = arrivals.enumerated().map { "\($0.offset + 1)@\($0.element)ms" }.joined(separator: " ")
            return "elements \(elements), end @\(end)ms, throttle \(AsyncThrottleTrials.interval)ms, latest: \(latest)"
        }

        /// What the throttle emits and when, and when it ends. `swapsLatest` plants a bug in the model: it keeps
        /// the earliest element where it should keep the latest, and the other way round.
        func expected(swapsLatest: Bool = false) -> (emitted: [AsyncDebounceTrials.Emission], end: Int) {
            let latest = swapsLatest ? !self.latest : self.latest
            var emitted: [AsyncDebounceTrials.Emission] = []
            var last: Int?
            var reduced: Int?
            for (index, arrival) in arrivals.enumerated() {
                guard let previous = last else {
                    emitted.append(.init(element: index + 1, at: arrival))
                    last = arrival
                    continue
                }
                reduced = latest ? index + 1 : reduced ?? index + 1
                if arrival - previous >= AsyncThrottleTrials.interval {
                    emitted.append(.init(element: reduced!, at: arrival))
                    last = arrival
                    reduced = nil
                }
            }
            guard let reduced, let last else { return (emitted, end) }
            let due = max(end, last + AsyncThrottleTrials.interval)
            emitted.append(.init(element: reduced, at: due))
            return (emitted, due)
        }
    }

    struct Outcome: Sendable, CustomStringConvertible {
        var emitted: [AsyncDebounceTrials.Emission]
        var endedAt: Int
        var afterEnd: Int?

        var description: String {
            "emitted \(emitted), nil @\(endedAt)ms" + (afterEnd.map { ", then \($0) after nil" } ?? "")
        }
    }

    static let plans = Gen(
        Gen.zip(
            Gen.int(in: 0...6).map { $0 * 10 }.array(length: 1...6), Gen.int(in: 0...6).map { $0 * 10 }, Gen.bool
        ).map { gaps, endGap, latest in
            let arrivals = gaps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
            return Plan(arrivals: arrivals, end: arrivals.last! + endGap, latest: latest)
        })

    static func run(_ plan: Plan) async -> Outcome {
        let clock = ScheduledClock()
        let base = TimedSource(
            arrivals: plan.arrivals, end: plan.end, clock: clock, log: ScheduledLog(TimedSource.Ending()))
        var iterator = base._throttle(for: .milliseconds(interval), clock: clock, latest: plan.latest)
            .makeAsyncIterator()
        var emitted: [AsyncDebounceTrials.Emission] = []
        while let element = await iterator.next() {
            emitted.append(.init(element: element, at: AsyncDebounceTrials.milliseconds(clock.now)))
        }
        let endedAt = AsyncDebounceTrials.milliseconds(clock.now)
        return Outcome(emitted: emitted, endedAt: endedAt, afterEnd: await iterator.next())
    }

    static func throttles(swapsLatest: Bool) -> Property {
        Property(
            "throttle emits at most once per interval: the first element at once, then the latest (or earliest) "
                + "of those since"
                + (swapsLatest ? " (planted: a model that swaps latest and earliest)" : ""),
            Gen.scheduled(plans, run)
        ) { scenario in
            let outcome = try scenario.run.outcome
            let (emitted, end) = scenario.plan.expected(swapsLatest: swapsLatest)
            for (earlier, later) in zip(outcome.emitted, outcome.emitted.dropFirst()) {
                try ensure(
                    later.at - earlier.at >= interval,
                    "\(earlier) then \(later): less than \(interval) ms between two emissions")
            }
            try ensureEqual(outcome.emitted, emitted, "emitted")
            try ensureEqual(outcome.endedAt, end, "nil at (ms)")
            try ensure(outcome.afterEnd == nil, "next() after nil returned \(outcome.afterEnd!)")
        }
    }

    @Test func throttleEmitsOncePerInterval() async {
        await expectHolds(Self.throttles(swapsLatest: false), cases: 500)
    }

    /// The planted bug is seen only where two elements wait within one interval and a third comes out after
    /// it: the least such case has three elements.
    @Test func aWrongThrottleModelIsCaughtAndShrunk() async throws {
        let caught = try #require(
            await expectCaught(
                Self.throttles(swapsLatest: true), cases: 500, as: ScheduledScenario<Plan, Outcome>.self))
        #expect(caught.value.plan.arrivals.count == 3)
        #expect(caught.failure.contains("emitted"))
    }
}
