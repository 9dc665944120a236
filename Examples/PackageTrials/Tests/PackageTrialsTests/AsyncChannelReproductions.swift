import AsyncAlgorithms

/// The two `AsyncChannel` defects of FINDINGS.md without Tally: each runs its tasks on one thread, first
/// in first out, so it comes out the same on every run.
extension AsyncChannelTrials {
    /// The first defect without Tally: on one thread, first in first out, a consumer waits in `next()`;
    /// then a task cancels itself and sends 1. Returns what the consumer received (nil is promised).
    static func sendFromACancelledTask() async -> Int? {
        let executor = OneThreadExecutor()
        let channel = AsyncChannel<Int>()
        let consumer = Task(executorPreference: executor) { () -> Int? in
            var iterator = channel.makeAsyncIterator()
            return await iterator.next()
        }
        let producer = Task(executorPreference: executor) {
            withUnsafeCurrentTask { $0?.cancel() }
            await channel.send(1)
            channel.finish()
        }
        await producer.value
        return await consumer.value
    }

    /// The second defect without Tally: a consumer waits in `next()`; another task cancels it, then sends
    /// 1, which waits for a consumer. Returns what the consumer's first and second `next()` returned.
    static func nextAfterCancelledNext() async -> [Int?] {
        let executor = OneThreadExecutor()
        let channel = AsyncChannel<Int>()
        let consumer = Task(executorPreference: executor) { () -> [Int?] in
            var iterator = channel.makeAsyncIterator()
            let first = await iterator.next()
            return [first, await iterator.next()]
        }
        let producer = Task(executorPreference: executor) {
            consumer.cancel()
            await channel.send(1)
        }
        let received = await consumer.value
        channel.finish()
        await producer.value
        return received
    }
}
