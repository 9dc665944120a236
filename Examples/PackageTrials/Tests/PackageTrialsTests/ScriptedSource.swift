import Synchronization

/// A base sequence for the merge and zip trials: it yields before each element (a suspension point the
/// scheduler may switch at), then returns its values and nil; or it counts up for ever; or it waits,
/// silent, until its task is cancelled. It writes down how its iteration went, so a trial can tell
/// whether cancellation reached it.
struct ScriptedSource: AsyncSequence, Sendable {
    enum Kind: Sendable, Equatable, CustomStringConvertible {
        case values([Int])
        /// Counts up from `100·(index + 1) + 1` until its task is cancelled.
        case endless
        /// Produces nothing: its first `next()` waits until its task is cancelled.
        case silent

        var description: String {
            switch self {
            case .values(let values): "\(values)"
            case .endless: "endless"
            case .silent: "silent"
            }
        }
    }

    /// How each source's iteration went, by source index.
    struct Ending: Sendable, Equatable, CustomStringConvertible {
        var started = false
        var produced = 0
        var exhausted = false
        var cancelled = false
        /// A `next()` is waiting for its task's cancellation.
        var waiting = false
        var nextAfterEnd = false

        var description: String {
            guard started else { return "never iterated" }
            return "\(produced) produced\(exhausted ? ", exhausted" : "")\(cancelled ? ", cancelled" : "")"
                + (waiting ? ", still waiting in next()" : "") + (nextAfterEnd ? ", next() called after it ended" : "")
        }
    }

    typealias Log = ScheduledLog<[Ending]>

    let index: Int
    let kind: Kind
    let yields: Int
    let log: Log

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: ScriptedSource
        var position = 0
        var ended = false

        mutating func next() async -> Int? {
            let index = source.index
            guard !ended else {
                source.log.update { $0[index].nextAfterEnd = true }
                return nil
            }
            source.log.update { $0[index].started = true }
            await yield(times: source.yields)
            if source.kind == .silent {
                source.log.update { $0[index].waiting = true }
                await CancellationWait().wait()
                source.log.update { $0[index].waiting = false }
            }
            if Task.isCancelled {
                ended = true
                source.log.update { $0[index].cancelled = true }
                return nil
            }
            let value: Int
            switch source.kind {
            case .values(let values):
                guard position < values.count else {
                    ended = true
                    source.log.update { $0[index].exhausted = true }
                    return nil
                }
                value = values[position]
            case .endless, .silent:
                value = 100 * (index + 1) + position + 1
            }
            position += 1
            source.log.update { $0[index].produced += 1 }
            return value
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: self)
    }
}

/// Suspends the current task until it is cancelled (at once if it already is).
final class CancellationWait: Sendable {
    private let state = Mutex<(continuation: UnsafeContinuation<Void, Never>?, cancelled: Bool)>((nil, false))

    func wait() async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumeNow = state.withLock { state in
                    state.continuation = continuation
                    return state.cancelled
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled = true
                return state.continuation.take()
            }
            continuation?.resume()
        }
    }
}
