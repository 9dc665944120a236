import Testing

@testable import Tally

/// A debounce in miniature, the shape of swift-async-algorithms' `debounce`: it records a deadline from
/// `clock.now`, sleeps until it, and checks `clock.now` against it when it wakes.
func quietPeriodEnds<C: Clock>(after interval: C.Duration, on clock: C) async -> Bool {
    let deadline = clock.now.advanced(by: interval)
    try? await clock.sleep(until: deadline, tolerance: nil)
    return clock.now >= deadline
}

@Suite struct ScheduledClockTests {
    @Test func nowIsTheRunsVirtualTimeAndASleepWakesExactlyAtItsDeadline() throws {
        let times = Gen.interleaving { () async -> [Duration] in
            let clock = ScheduledClock()
            let start = clock.now.sinceStart
            try? await clock.sleep(until: .init(sinceStart: .milliseconds(25)))
            let woke = clock.now.sinceStart
            try? await clock.sleep(until: clock.now.advanced(by: .nanoseconds(1_500)))
            return [start, woke, clock.now.sinceStart]
        }
        for (run, _) in samples(times, count: 20) {
            #expect(try run.outcome == [.zero, .milliseconds(25), .milliseconds(25) + .nanoseconds(1_500)])
        }
    }

    @Test func codeThatChecksTheClockAfterSleepingSeesItsDeadlineReachedOnTheScheduledClockOnly() throws {
        let scheduled = replay(
            Gen.interleaving { await quietPeriodEnds(after: .milliseconds(25), on: ScheduledClock()) }, [])
        #expect(try scheduled.outcome == true)
        // The machine's clock hardly moves while the virtual one jumps 25 ms: the check fails.
        let continuous = replay(
            Gen.interleaving { await quietPeriodEnds(after: .milliseconds(25), on: ContinuousClock()) }, [])
        #expect(try continuous.outcome == false)
    }

    @Test func sleepersWakeInDeadlineOrderWithTheirDeadlineAsNow() throws {
        let wakes = Gen.interleaving { () async -> [String] in
            let clock = ScheduledClock()
            return await withTaskGroup(of: String.self) { group in
                for milliseconds in [30, 10, 20] {
                    group.addTask {
                        try? await clock.sleep(until: .init(sinceStart: .milliseconds(milliseconds)))
                        return "\(milliseconds) at \(clock.now)"
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        for (run, _) in samples(wakes, count: 30) {
            #expect(try run.outcome == ["10 at t+10ms", "20 at t+20ms", "30 at t+30ms"])
        }
    }

    @Test func aCancelledSleepThrowsAtOnceWithoutMovingTheClock() throws {
        let cancelled = Gen.interleaving { () async -> (String, Duration) in
            let clock = ScheduledClock()
            let sleeper = Task { () -> String in
                do {
                    try await clock.sleep(until: .init(sinceStart: .seconds(3600)))
                    return "woke"
                } catch {
                    return "\(type(of: error)) at \(clock.now)"
                }
            }
            await Task.yield()
            sleeper.cancel()
            return (await sleeper.value, clock.now.sinceStart)
        }
        for (run, _) in samples(cancelled, count: 30) {
            let (outcome, now) = try run.outcome
            #expect(outcome == "CancellationError at t+0ms")
            #expect(now == .zero)
        }
    }

    @Test func outsideARunItIsTheMachinesClock() async throws {
        let clock = ScheduledClock()
        let before = clock.now
        try await clock.sleep(until: before.advanced(by: .milliseconds(20)))
        #expect(clock.now >= before.advanced(by: .milliseconds(20)))
    }
}
