import Dispatch

/// A task executor that runs every job on one serial queue, first in, first out: tasks that prefer it
/// interleave in one fixed order, so a reproduction of a concurrency defect needs neither Tally nor a
/// sleep to come out the same on every run, however busy the machine.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "one-thread-executor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
