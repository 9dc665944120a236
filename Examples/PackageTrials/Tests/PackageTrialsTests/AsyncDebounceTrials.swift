import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `debounce(for:tolerance:clock:)` under Tally's scheduler, on
/// Tally's `ScheduledClock`, so that time is virtual and both the order of jobs and the times at which
/// elements arrive are drawn.
///
/// The promise, from the Debounce guide: debounce "emits elements after a particular duration has passed
/// between events … the debounce does not resume its next iterator until the period has elapsed with no
/// values … or unless a terminal event is encountered". So an element is emitted, at its arrival plus
/// the interval, exactly when no other arrives within the interval after it; the last one is emitted at
/// the latest when the base ends; then nil. Cancelling the consumer ends the iteration and reaches the base.
@Suite struct AsyncDebounceTrials {
    static let interval = 25

    struct Plan: Sendable, CustomStringConvertible {
        /// When each element arrives, in milliseconds since the run began (multiples of 10: never a tie
        /// with an emission, which comes 25 ms after an arrival).
        var arrivals: [Int]
        /// When the base ends.
        var end: Int
        /// When the consumer's task is cancelled (13, 23, … ms: never a tie either), or never.
        var cancelAt: Int?

        var description: String {
            let elements = arrivals.enumerated().map { "\($0.offset + 1)@\($0.element)ms" }.joined(separator: " ")
            return "elements \(elements), end @\(end)ms, debounce \(AsyncDebounceTrials.interval)ms"
                + (cancelAt.map { ", consumer cancelled @\($0)ms" } ?? "")
        }

        /// The elements debounce emits and when, without cancellation: one whose successor comes more than
        /// the interval later, at its arrival plus the interval; the last one at that time or when the base
        /// ends, whichever is first.
        var expected: [Emission] {
            arrivals.enumerated().compactMap { index, arrival in
                let quietUntil = index + 1 < arrivals.count ? arrivals[index + 1] : nil
                if let next = quietUntil, next - arrival < AsyncDebounceTrials.interval { return nil }
                let due = arrival + AsyncDebounceTrials.interval
                return Emission(element: index + 1, at: quietUntil == nil ? min(due, end) : due)
            }
        }
    }

    struct Emission: Sendable, Equatable, CustomStringConvertible {
        var element: Int
        var at: Int
        var description: String { "\(element)@\(at)ms" }
    }

    struct Outcome: Sendable, CustomStringConvertible {
        var emitted: [Emission]
        var endedAt: Int?
        var afterEnd: Int?
        let base: ScheduledLog<TimedSource.Ending>

        var description: String {
            "emitted \(emitted), " + (endedAt.map { "nil @\($0)ms" } ?? "no nil")
                + (afterEnd.map { ", then \($0) after nil" } ?? "")
                + "; base \(base.current)"
        }
    }

    static let plans = Gen(
        Gen.zip(
            Gen.int(in: 0...6).map { $0 * 10 }.array(length: 1...5), Gen.int(in: 0...6).map { $0 * 10 },
            Gen.oneOf(Gen.constant(nil), Gen.int(in: 1...20).map { Optional($0 * 10 + 3) })
        ).map { gaps, endGap, cancelAt in
            let arrivals = gaps.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
            return Plan(arrivals: arrivals, end: arrivals.last! + endGap, cancelAt: cancelAt)
        })

    static func milliseconds(_ instant: ScheduledClock.Instant) -> Int {
        Int(
            instant.sinceStart.components.seconds * 1_000 + instant.sinceStart.components.attoseconds
                / 1_000_000_000_000_000)
    }

    static func run(_ plan: Plan) async -> Outcome {
        let clock = ScheduledClock()
        let base = TimedSource(
            arrivals: plan.arrivals, end: plan.end, clock: clock, log: ScheduledLog(TimedSource.Ending()))
        let debounced = base.debounce(for: .milliseconds(interval), clock: clock)
        let consumer = Task { () -> ([Emission], Int?, Int?) in
            var iterator = debounced.makeAsyncIterator()
            var emitted: [Emission] = []
            while let element = await iterator.next() {
                emitted.append(Emission(element: element, at: milliseconds(clock.now)))
            }
            let endedAt = milliseconds(clock.now)
            return (emitted, endedAt, await iterator.next())
        }
        if let cancelAt = plan.cancelAt {
            try? await clock.sleep(until: .init(sinceStart: .milliseconds(cancelAt)))
            consumer.cancel()
        }
        let (emitted, endedAt, afterEnd) = await consumer.value
        return Outcome(emitted: emitted, endedAt: endedAt, afterEnd: afterEnd, base: base.log)
    }

    static let emits = Property(
        "debounce emits an element when no other follows within the interval, at its arrival plus the interval",
        Gen.scheduled(plans, run)
    ) { scenario in
        let outcome = try scenario.run.outcome
        let plan = scenario.plan
        let cancelled = plan.cancelAt.map { at in { (emission: Emission) in emission.at < at } } ?? { _ in true }
        try ensureEqual(outcome.emitted, plan.expected.filter(cancelled), "emitted")
        try ensureEqual(outcome.endedAt, plan.cancelAt.map { min($0, plan.end) } ?? plan.end, "nil at (ms)")
        try ensure(outcome.afterEnd == nil, "next() after nil returned \(outcome.afterEnd!)")
        let base = outcome.base.current
        try ensure(base.exhausted || base.cancelled, "the base (\(base)) neither ran out nor saw its cancellation")
    }

    @Test func debounceEmits() async {
        await expectHolds(Self.emits, cases: 300)
    }
}

/// A base whose elements 1, 2, … arrive at set times of the scheduled run's virtual clock; it ends at
/// `end`, or when its task is cancelled while it waits.
struct TimedSource: AsyncSequence, Sendable {
    struct Ending: Sendable, CustomStringConvertible {
        var produced = 0
        var exhausted = false
        var cancelled = false
        var description: String {
            "\(produced) produced\(exhausted ? ", ran out" : "")\(cancelled ? ", cancelled" : "")"
        }
    }

    let arrivals: [Int]
    let end: Int
    let clock: ScheduledClock
    let log: ScheduledLog<Ending>

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: TimedSource
        var position = 0

        mutating func next() async -> Int? {
            let last = position == source.arrivals.count
            let due = last ? source.end : source.arrivals[position]
            do {
                try await source.clock.sleep(until: .init(sinceStart: .milliseconds(due)))
            } catch {
                source.log.update { $0.cancelled = true }
                return nil
            }
            guard !last else {
                source.log.update { $0.exhausted = true }
                return nil
            }
            position += 1
            source.log.update { $0.produced += 1 }
            return position
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: self)
    }
}
