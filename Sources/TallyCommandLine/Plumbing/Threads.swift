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
