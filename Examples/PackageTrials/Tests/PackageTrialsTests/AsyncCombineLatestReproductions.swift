import AsyncAlgorithms
import Synchronization

/// The `combineLatest` defect of FINDINGS.md without Tally. `combineLatest` iterates its bases in a task of its
/// own, which no executor preference reaches, so the order cannot be fixed as the channel reproductions fix
/// theirs: the second base waits until the first has thrown, then ends, and the run counts how often the
/// consumer was told nil rather than the error.
extension AsyncCombineLatestTrials {
    /// A base that throws at its first `next()`, after letting `ended` go.
    struct ThrowsAtOnce: AsyncSequence, Sendable {
        let thrown: Signal
        struct AsyncIterator: AsyncIteratorProtocol {
            let thrown: Signal
            mutating func next() async throws -> Int? {
                thrown.fire()
                throw LoggedSource.Thrown(source: 0)
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(thrown: thrown) }
    }

    /// A base that ends, empty, once the other has thrown.
    struct EndsAfterTheThrow: AsyncSequence, Sendable {
        let thrown: Signal
        struct AsyncIterator: AsyncIteratorProtocol {
            let thrown: Signal
            mutating func next() async throws -> Int? {
                await thrown.wait()
                return nil
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(thrown: thrown) }
    }

    /// Of `runs` runs of `combineLatest` over a base that throws at once and one that ends empty after it, how
    /// many ended with nil: the guide promises the error "at any point … immediately thrown to the consuming
    /// iteration".
    static func runsThatLoseTheError(of runs: Int) async -> Int {
        var lost = 0
        for _ in 0..<runs {
            let thrown = Signal()
            var iterator = combineLatest(ThrowsAtOnce(thrown: thrown), EndsAfterTheThrow(thrown: thrown))
                .makeAsyncIterator()
            do {
                if try await iterator.next() == nil { lost += 1 }
            } catch {}
        }
        return lost
    }
}

/// A one-shot signal: `wait()` returns once `fire()` has been called.
final class Signal: Sendable {
    private let state = Mutex<(fired: Bool, waiter: UnsafeContinuation<Void, Never>?)>((false, nil))

    func fire() {
        let waiter = state.withLock { state in
            state.fired = true
            return state.waiter.take()
        }
        waiter?.resume()
    }

    func wait() async {
        await withUnsafeContinuation { continuation in
            let now = state.withLock { state in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
