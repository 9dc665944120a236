import Foundation
import Synchronization
import Testing

@testable import Tally

/// A log two tasks append to; the property under test wants "first" before "second".
actor ArrivalLog {
    var names: [String] = []
    func append(_ name: String) { names.append(name) }
}

/// A counter that reads, suspends, then writes: concurrent increments lose updates.
actor SuspendingCounter {
    var value = 0
    let suspends: Bool
    init(suspends: Bool) { self.suspends = suspends }
    func increment() async {
        let read = value
        if suspends { await Task.yield() }
        value = read + 1
    }
}

@Suite struct SchedulerTests {
    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    /// Two tasks started in order append their names; FIFO keeps that order, a preemption reverses it.
    static let arrivals = Gen.interleaving { () async -> [String] in
        let log = ArrivalLog()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await log.append("first") }
            group.addTask { await log.append("second") }
        }
        return await log.names
    }

    static let arrivalOrder = Property("tasks append in the order they started", arrivals) { run in
        try ensureEqual(try run.outcome, ["first", "second"], "the log")
    }

    static func increments(suspends: Bool) -> Gen<Interleaving<Int>> {
        Gen.interleaving { () async -> Int in
            let counter = SuspendingCounter(suspends: suspends)
            async let first: Void = counter.increment()
            async let second: Void = counter.increment()
            _ = await (first, second)
            return await counter.value
        }
    }

    @Test func theEmptyChoiceSequenceRunsFirstInFirstOut() throws {
        let run = replay(Self.arrivals, [])
        #expect(try run.outcome == ["first", "second"])
        #expect(run.preemptions == 0)
        #expect(run.steps.allSatisfy { $0.picked == 0 })
    }

    @Test func anOrderBugIsFoundAndShrunkToOnePreemption() async throws {
        let result = await Self.arrivalOrder.check(Self.configuration)
        let example = try #require(result.counterexample, "the search never ran the second task first")
        #expect(example.value.hasPrefix("outcome: [\"second\", \"first\"]\nschedule: "))
        #expect(example.value.filter { $0 == "*" }.count == 1, "one departure from FIFO order: \(example.value)")
        #expect(example.failure.hasPrefix("the log: got [\"second\", \"first\"], expected [\"first\", \"second\"]"))
    }

    @Test func aReplayTokenReplaysTheSameInterleavingEveryTime() async throws {
        let example = try #require(await Self.arrivalOrder.check(Self.configuration).counterexample)
        let first = replay(Self.arrivals, example.token.choices)
        for _ in 0..<100 {
            let again = replay(Self.arrivals, example.token.choices)
            #expect(again.steps == first.steps)
            #expect(try again.outcome == ["second", "first"])
        }
    }

    @Test func aLostUpdateOnAnActorIsFoundAndTheAtomicCounterPasses() async throws {
        let racy = Property("racy increments", Self.increments(suspends: true)) { run in
            try ensureEqual(try run.outcome, 2, "the count")
        }
        let atomic = Property("atomic increments", Self.increments(suspends: false)) { run in
            try ensureEqual(try run.outcome, 2, "the count")
        }
        let example = try #require(await racy.check(Self.configuration).counterexample)
        #expect(example.value.hasPrefix("outcome: 1\n"))
        #expect(await atomic.check(Self.configuration).passed)
    }

    @Test func anExpectInsideTheOperationFailsTheCaseInsteadOfTheTest() async throws {
        // Were the issue recorded against this test, at every case tried, the test would fail.
        let checked = Gen.interleaving { () async -> Int in
            let counter = SuspendingCounter(suspends: true)
            async let first: Void = counter.increment()
            async let second: Void = counter.increment()
            _ = await (first, second)
            let value = await counter.value
            #expect(value == 2)
            return value
        }
        let property = Property("expectations inside the operation", checked) { run in _ = try run.outcome }
        let example = try #require(await property.check(Self.configuration).counterexample)
        #expect(
            example.failure.hasPrefix(
                "the operation recorded: Expectation failed: (value → 1) == 2 (TallyTests/SchedulerTests.swift:"))
    }

    @Test func searchingExploresDifferentOrders() {
        let outcomes = Set(samples(Self.arrivals, count: 200).map { try? $0.value.outcome })
        #expect(outcomes == [["first", "second"], ["second", "first"]])
    }

    @Test func groupsAsyncLetContinuationsAndSleepsStayUnderControl() throws {
        let mixed = Gen.interleaving { () async -> [Int] in
            async let slow: Int = {
                try? await Task.sleep(for: .seconds(3600)); return 3
            }()
            async let fast: Int = {
                try? await Task.sleep(for: .milliseconds(5)); return 1
            }()
            let resumed = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                Task {
                    await Task.yield(); continuation.resume(returning: 2)
                }
            }
            let grouped = await withTaskGroup(of: Int.self) { group in
                for value in 4...6 {
                    group.addTask {
                        await Task.yield(); return value
                    }
                }
                return await group.reduce(0, +)
            }
            return await [fast, resumed, slow, grouped]
        }
        let clock = ContinuousClock()
        let start = clock.now
        for (run, choices) in samples(mixed, count: 50) {
            #expect(run.problem == nil, "\(run)")
            #expect(try run.outcome == [1, 2, 3, 15])
            #expect(replay(mixed, choices).steps == run.steps)
        }
        #expect(clock.now - start < .seconds(60), "an hour's sleep took real time")
    }

    @Test func sleepersWakeInTheOrderOfTheirVirtualDeadlines() throws {
        let sleepers = Gen.interleaving { () async -> [String] in
            let log = ArrivalLog()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    try? await Task.sleep(for: .seconds(2)); await log.append("two seconds")
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(1)); await log.append("one second")
                }
            }
            return await log.names
        }
        for (run, _) in samples(sleepers, count: 30) {
            #expect(try run.outcome == ["one second", "two seconds"])
        }
    }

    /// An operation whose continuation `handOff` resumes from another thread, once the task awaiting it has
    /// suspended: the operation signals that from its own job, which runs after the waiting task's (a
    /// replay of no choices picks the oldest ready job). A resume that came before the suspension would
    /// enqueue nothing; a fixed wait lost that race on a busy machine.
    static func resumedFromOutside(_ handOff: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) -> Gen<
        Interleaving<Int>
    > {
        Gen.interleaving { () async -> Int in
            let suspended = DispatchSemaphore(value: 0)
            async let value = withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                handOff {
                    suspended.wait()
                    continuation.resume(returning: 1)
                }
            }
            await Task.yield()
            suspended.signal()
            return await value
        }
    }

    @Test func workHandedToDispatchIsReportedNotHung() throws {
        // A serial queue gets a thread at once even when the machine is busy, so the job comes back.
        let queue = DispatchQueue(label: "escape")
        let run = replay(Self.resumedFromOutside { queue.async(execute: $0) }, [])
        guard case .escaped = run.problem else {
            Issue.record("expected an escape, got \(String(describing: run.problem))")
            return
        }
        #expect(throws: PropertyFailure.self) { try run.outcome }
        #expect(
            run.problem!.description.hasPrefix(
                "work escaped Tally's scheduler: after step 4 a job of this run was enqueued from another thread."))
    }

    @Test func workOnTheGlobalQueueIsReportedEvenWhenItComesBackLate() throws {
        // The global queue may not get a thread for a while on a busy machine: then the run reports a
        // stall, which names Dispatch too; either way it ends.
        let run = replay(Self.resumedFromOutside { DispatchQueue.global().async(execute: $0) }, [])
        switch run.problem {
        case .escaped?, .stalled?: #expect(run.problem!.description.contains("Dispatch"))
        default: Issue.record("expected an escape or a stall, got \(String(describing: run.problem))")
        }
    }

    @Test func aContinuationNeverResumedIsReportedAsAStall() {
        let stuck = Gen.interleaving { () async -> Int in
            await withUnsafeContinuation { (_: UnsafeContinuation<Int, Never>) in }
        }
        let run = replay(stuck, [])
        #expect(run.problem == .stalled(afterStep: 1, timeout: Scheduler.stallTimeout))
    }

    @Test func aTaskThatNeverEndsHitsTheStepLimit() {
        let endless = Gen.interleaving(maxSteps: 50) { () async -> Int in
            while true { await Task.yield() }
        }
        #expect(replay(endless, []).problem == .stepLimit(50))
    }

    @Test func jobsOfOtherTasksRunningMeanwhileAreNotCaptured() async throws {
        let done = Atomic<Int>(0)
        let others = Task.detached {
            for _ in 0..<2_000 { await Task.yield() }
            done.add(1, ordering: .relaxed)
        }
        for (run, _) in samples(Self.increments(suspends: false), count: 300) {
            #expect(run.problem == nil)
        }
        await others.value
        #expect(done.load(ordering: .relaxed) == 1)
    }

    /// An unstructured task holds a lock across its hop into `withUnsafeContinuation`, as
    /// swift-async-algorithms' `merge` does: the real runtime lets nothing run between, so a second task
    /// never finds the lock taken. When the hop was a scheduling point, it did, and `merge` deadlocked.
    @Test func aHopOfATaskWithoutPreferenceIsNotASchedulingPoint() throws {
        let lockedOut = Gen.interleaving { () async -> Bool in
            let lock = PlainLock()
            let holder = Task {
                lock.take()
                await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                    lock.release()
                    continuation.resume()
                }
            }
            let other = Task { () -> Bool in
                guard lock.tryTake() else { return true }
                lock.release()
                return false
            }
            await holder.value
            return await other.value
        }
        for (run, _) in samples(lockedOut, count: 200) {
            #expect(try run.outcome == false, "\(run)")
        }
    }

    @Test func aLongRunOfOneTaskPrintsOnceWithItsCount() {
        let steps =
            [1, 2, 2, 2, 3, 3, 3, 3, 3].map { ScheduleStep(task: $0, ready: 1, picked: 0) }
            + [ScheduleStep(task: 3, ready: 2, picked: 1)]
        #expect(steps.scheduleText == "T1 T2 T2 T2 T3 ×5 T3*")
    }
}

/// A lock taken and released by plain calls, as a package's own lock type is (swift-async-algorithms'
/// `Lock` wraps a `pthread_mutex_t`).
final class PlainLock: @unchecked Sendable {
    private let lock = NSLock()
    func take() { lock.lock() }
    func release() { lock.unlock() }
    func tryTake() -> Bool { lock.try() }
}
