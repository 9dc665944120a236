import Synchronization

/// A clock that reads and sleeps on the virtual time of the scheduled run it is used in: for code that
/// takes a `Clock` (a debounce, a throttle, a timeout), so that what it reads with `now` agrees with when
/// its sleepers wake; see <doc:TestingConcurrentCode#Time>.
///
/// Under ``Gen/interleaving(strategy:maxSteps:_:)`` a `Task.sleep` waits on Tally's virtual clock, which
/// moves only when no job is ready; but `ContinuousClock.now` still reads the machine's time, which
/// hardly moves during a run. Code that sleeps until a deadline and then checks `clock.now >= deadline`
/// finds the deadline not yet reached and sleeps again. With this clock `now` is the run's virtual time
/// since the run began, and a sleep until a deadline wakes exactly at it, however busy the machine.
///
/// Outside a scheduled run — in a task that outlived a run that stalled, say — it is the machine's
/// continuous clock, counted from the first time the process used it: it never stops a program and never
/// sleeps for ever.
public struct ScheduledClock: Clock {
    /// A moment of a scheduled run: the virtual time since the run began.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The virtual time since the run began.
        public var sinceStart: Duration

        /// The moment `sinceStart` after the run began.
        public init(sinceStart: Duration) {
            self.sinceStart = sinceStart
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(sinceStart: sinceStart + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.sinceStart - sinceStart
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceStart < rhs.sinceStart
        }

        /// `t+25ms`, the virtual time since the run began in whole milliseconds (`t+0.5ms` below one).
        public var description: String {
            let (seconds, attoseconds) = sinceStart.components
            let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
            return microseconds % 1_000 == 0 ? "t+\(microseconds / 1_000)ms" : "t+\(Double(microseconds) / 1_000)ms"
        }
    }

    /// The clock of whichever scheduled run uses it.
    public init() {}

    /// The current run's virtual time.
    public var now: Instant {
        guard let executor = ControlledExecutor.drivingCurrentThread else {
            return Instant(sinceStart: Self.machineOrigin.duration(to: .now))
        }
        return Instant(sinceStart: .nanoseconds(executor.now))
    }

    /// Where the clock counts from outside a scheduled run.
    private static let machineOrigin = ContinuousClock.now

    /// One nanosecond: the virtual clock's step.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Sleeps until `deadline` of virtual time, exactly; throws `CancellationError` when the task is
    /// cancelled, as `Task.sleep` does.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        guard let executor = ControlledExecutor.drivingCurrentThread else {
            return try await Task.sleep(until: Self.machineOrigin + deadline.sinceStart, clock: .continuous)
        }
        try Task.checkCancellation()
        let (seconds, attoseconds) = deadline.sinceStart.components
        let nanoseconds = UInt64(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                sleeper.wait(continuation)
                executor.wake(atNanoseconds: nanoseconds) { sleeper.finish(nil) }
            }
        } onCancel: {
            sleeper.finish(CancellationError())
        }
    }
}

/// One sleep of a ``ScheduledClock``: resumed once, by its deadline or by its task's cancellation,
/// whichever comes first.
private final class Sleeper: Sendable {
    private let state = Mutex<(continuation: UnsafeContinuation<Void, any Error>?, outcome: (any Error)??)>((nil, nil))

    func wait(_ continuation: UnsafeContinuation<Void, any Error>) {
        let early = state.withLock { state in
            state.continuation = continuation
            return state.outcome
        }
        if let early { resume(continuation, early) }
    }

    /// Ends the sleep: `nil` when it is due, an error when it was cancelled.
    func finish(_ error: (any Error)?) {
        let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = .some(error)
            return state.continuation.take()
        }
        if let continuation { resume(continuation, error) }
    }

    private func resume(_ continuation: UnsafeContinuation<Void, any Error>, _ error: (any Error)?) {
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
