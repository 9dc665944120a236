import AsyncAlgorithms
import Synchronization

/// The `combineLatest` defect of FINDINGS.md without Tally. `combineLatest` iterates its bases in a task of its
/// own, which no executor preference reaches, so the order cannot be fixed as the channel reproductions fix
/// theirs: here the second base waits until the first has thrown before it gives its values and ends, and a
/// run counts how often the consumer was given something other than the error once the first base threw.
extension AsyncCombineLatestTrials {
    /// A base that gives `values`, then lets `thrown` go and throws.
    struct ThrowsAfter: AsyncSequence, Sendable {
        let values: [Int]
        let thrown: Signal
        struct AsyncIterator: AsyncIteratorProtocol {
            let base: ThrowsAfter
            var position = 0
            mutating func next() async throws -> Int? {
                guard position == base.values.count else {
                    position += 1
                    return base.values[position - 1]
                }
                base.thrown.fire()
                throw LoggedSource.Thrown(source: 0)
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: self) }
    }

    /// A base that waits until the other has thrown, then gives `values` and ends.
    struct GivesAfterTheThrow: AsyncSequence, Sendable {
        let values: [Int]
        let thrown: Signal
        struct AsyncIterator: AsyncIteratorProtocol {
            let base: GivesAfterTheThrow
            var position = 0
            mutating func next() async throws -> Int? {
                await base.thrown.wait()
                guard position < base.values.count else { return nil }
                position += 1
                return base.values[position - 1]
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: self) }
    }

    /// Of `runs` runs of `combineLatest` over a base that gives `thrower` and throws, and one that gives
    /// `other` only after that, how many gave the consumer a tuple made after the throw, or nil instead of
    /// the error: the guide promises the error "at any point … immediately thrown to the consuming iteration".
    static func runsThatMissTheError(of runs: Int, thrower: [Int], other: [Int]) async -> Int {
        var missed = 0
        for _ in 0..<runs {
            let thrown = Signal()
            var iterator = combineLatest(
                ThrowsAfter(values: thrower, thrown: thrown), GivesAfterTheThrow(values: other, thrown: thrown)
            ).makeAsyncIterator()
            do {
                _ = try await iterator.next()
                missed += 1
            } catch {}
        }
        return missed
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
