import Foundation

/// How long a fuzz run may take, and whether it must stop now; shared by the job threads, the progress
/// line and the signal handlers.
///
/// `--time` bounds the whole run, shrinking and reports included: each property gets an equal share of
/// the time left when it starts; a failure it finds is shrunk within that share, or for at least half a
/// share, and never past the end of the budget. Only a case already running may pass the end, by at
/// most the case timeout.
final class FuzzBudget: @unchecked Sendable {
    let started: Date
    /// When it must end; `nil` when only `--cases` bounds it.
    let deadline: Date?
    private let state = LockedValue(State())

    private struct State {
        var stopSignal: Int32?
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextHandler = 0
    }

    init(seconds: Double?, now: Date = Date()) {
        started = now
        deadline = seconds.map { now.addingTimeInterval($0) }
    }

    /// The signal that asked the run to stop (SIGINT, SIGTERM), if one did.
    var stopSignal: Int32? { state.withLock { $0.stopSignal } }

    var isStopping: Bool { stopSignal != nil }

    /// Whether nothing new may start: stopped, or past the deadline.
    func isSpent(now: Date = Date()) -> Bool {
        isStopping || deadline.map { now >= $0 } == true
    }

    /// Seconds left before the deadline (never negative); `nil` without a deadline.
    func remaining(now: Date = Date()) -> Double? {
        deadline.map { max(0, $0.timeIntervalSince(now)) }
    }

    /// The search time of a property starting now, when `left` properties (this one included) are still
    /// to start and `jobs` run at once: an equal share of the time left.
    func share(left: Int, jobs: Int, now: Date = Date()) -> Double? {
        guard let remaining = remaining(now: now) else { return nil }
        return min(remaining, remaining * Double(jobs) / Double(max(left, 1)))
    }

    /// When shrinking a failure found at `found` must end, for a property whose search share ends at
    /// `searchEnd`: the rest of the share, at least `minimum` seconds, never past the deadline.
    func shrinkEnd(found: Date, searchEnd: Date?, minimum: Double) -> Date {
        let wanted = max(searchEnd ?? found, found.addingTimeInterval(minimum))
        return deadline.map { min($0, wanted) } ?? wanted
    }

    /// Asks the run to stop because of `signal`: nothing new starts, shrinking keeps what it has, and
    /// the `onStop` handlers run (they kill children blocked in a case). Only the first call counts.
    func requestStop(signal: Int32) {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard state.stopSignal == nil else { return [] }
            state.stopSignal = signal
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the run is asked to stop (at once if it already was); returns a key for
    /// ``removeHandler(_:)``.
    func onStop(_ handler: @escaping @Sendable () -> Void) -> Int {
        let (key, stopped) = state.withLock { state in
            state.nextHandler += 1
            state.handlers[state.nextHandler] = handler
            return (state.nextHandler, state.stopSignal != nil)
        }
        if stopped { handler() }
        return key
    }

    func removeHandler(_ key: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: key) }
    }
}
