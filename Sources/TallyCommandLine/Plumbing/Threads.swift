import Foundation

/// Runs `body` on `count` threads of their own, all at once, and waits until every one has returned:
/// for work that blocks its thread, such as watching a child process. Not `concurrentPerform` or an
/// `OperationQueue`, which on Linux run only as many at once as there are cores, whatever was asked
/// (`--jobs 9` on two cores ran two).
func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let running = DispatchGroup()
        for _ in 0..<count {
            running.enter()
            Thread.detachNewThread {
                body()
                running.leave()
            }
        }
        running.notify(queue: .global()) { continuation.resume() }
    }
}

/// Hands `items` to `count` threads of their own (``onThreads(_:_:)``), one item at a time, until every
/// one was taken or `stopping` says to stop: for work on each item that blocks its thread.
func onThreads<Item: Sendable>(
    _ count: Int, taking items: [Item], until stopping: @escaping @Sendable () -> Bool = { false },
    _ body: @escaping @Sendable (Item) -> Void
) async {
    let next = LockedValue(0)
    await onThreads(min(count, items.count)) {
        while !stopping(),
            let item = next.withLock({ index -> Item? in
                guard index < items.count else { return nil }
                defer { index += 1 }
                return items[index]
            })
        {
            body(item)
        }
    }
}
