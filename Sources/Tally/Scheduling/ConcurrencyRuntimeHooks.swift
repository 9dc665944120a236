import Foundation
import Synchronization

/// The Swift runtime's global-executor hooks, found with `dlsym` (no dependency), installed only while
/// at least one scheduled run is in progress.
///
/// What a scheduled run still sends to the global executor despite its ``ControlledExecutor`` — an
/// unstructured `Task {}`, an actor scheduled for a task without that preference, a sleep of such a
/// task — passes through these hooks. A call made on a thread while it drives a run belongs to that run
/// (the scheduler runs one job at a time on its own thread); every other call goes on to the hook
/// installed before Tally's, or to the runtime.
enum ConcurrencyRuntimeHooks {
    typealias Enqueue = @convention(thin) (UnownedJob) -> Void
    typealias EnqueueHook = @convention(thin) (UnownedJob, Enqueue) -> Void
    typealias EnqueueWithDelay = @convention(thin) (UInt64, UnownedJob) -> Void
    typealias EnqueueWithDelayHook = @convention(thin) (UInt64, UnownedJob, EnqueueWithDelay) -> Void
    typealias EnqueueWithDeadline = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    typealias EnqueueWithDeadlineHook =
        @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, EnqueueWithDeadline) -> Void
    typealias JobTaskID = @convention(thin) (UnownedJob) -> UInt64
    typealias GetTime = @convention(thin) (UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, Int32) -> Void

    /// The runtime's hook variables and functions, or `nil` when this runtime lacks one of them.
    struct Symbols: @unchecked Sendable {
        let enqueue: UnsafeMutablePointer<EnqueueHook?>
        let enqueueWithDelay: UnsafeMutablePointer<EnqueueWithDelayHook?>
        let enqueueWithDeadline: UnsafeMutablePointer<EnqueueWithDeadlineHook?>
        let jobTaskID: JobTaskID
        let time: GetTime

        static func find() -> Symbols? {
            let image = dlopen(nil, RTLD_NOW)
            guard let enqueue = dlsym(image, "swift_task_enqueueGlobal_hook"),
                let delay = dlsym(image, "swift_task_enqueueGlobalWithDelay_hook"),
                let deadline = dlsym(image, "swift_task_enqueueGlobalWithDeadline_hook"),
                let taskID = dlsym(image, "swift_task_getJobTaskId"),
                let time = dlsym(image, "swift_get_time")
            else { return nil }
            return Symbols(
                enqueue: enqueue.assumingMemoryBound(to: EnqueueHook?.self),
                enqueueWithDelay: delay.assumingMemoryBound(to: EnqueueWithDelayHook?.self),
                enqueueWithDeadline: deadline.assumingMemoryBound(to: EnqueueWithDeadlineHook?.self),
                jobTaskID: unsafeBitCast(taskID, to: JobTaskID.self),
                time: unsafeBitCast(time, to: GetTime.self))
        }
    }

    static let symbols = Symbols.find()

    /// The hooks that were installed before Tally's, as raw function addresses (0 for none), so that
    /// jobs which are not Tally's reach them.
    private static let previousEnqueue = Atomic<UInt>(0)
    private static let previousDelay = Atomic<UInt>(0)
    private static let previousDeadline = Atomic<UInt>(0)
    /// How many runs are in progress: the hooks are installed while it is above zero.
    private static let users = Mutex(0)

    /// The runtime's identifier of the task `job` runs, or 0 for a job that is not a task.
    static func taskID(of job: UnownedJob) -> UInt64 {
        symbols?.jobTaskID(job) ?? 0
    }

    /// Nanoseconds from now until a deadline of the runtime's `clock`, as the deadline hook receives it.
    static func nanosecondsUntil(seconds: Int64, nanoseconds: Int64, clock: Int32) -> UInt64 {
        guard let symbols else { return 0 }
        var nowSeconds: Int64 = 0, nowNanoseconds: Int64 = 0
        symbols.time(&nowSeconds, &nowNanoseconds, clock)
        let remaining = (seconds - nowSeconds) * 1_000_000_000 + (nanoseconds - nowNanoseconds)
        return UInt64(max(remaining, 0))
    }

    /// Installs the hooks for one more run (the first run installs them).
    static func retain() {
        guard let symbols else { return }
        users.withLock { count in
            count += 1
            guard count == 1 else { return }
            previousEnqueue.store(unsafeBitCast(symbols.enqueue.pointee, to: UInt.self), ordering: .releasing)
            previousDelay.store(unsafeBitCast(symbols.enqueueWithDelay.pointee, to: UInt.self), ordering: .releasing)
            previousDeadline.store(
                unsafeBitCast(symbols.enqueueWithDeadline.pointee, to: UInt.self), ordering: .releasing)
            symbols.enqueue.pointee = enqueueHook
            symbols.enqueueWithDelay.pointee = delayHook
            symbols.enqueueWithDeadline.pointee = deadlineHook
        }
    }

    /// Gives back one run's use of the hooks; the last run restores the hooks found before.
    static func release() {
        guard let symbols else { return }
        users.withLock { count in
            count -= 1
            guard count == 0 else { return }
            symbols.enqueue.pointee = unsafeBitCast(previousEnqueue.load(ordering: .acquiring), to: EnqueueHook?.self)
            symbols.enqueueWithDelay.pointee = unsafeBitCast(
                previousDelay.load(ordering: .acquiring), to: EnqueueWithDelayHook?.self)
            symbols.enqueueWithDeadline.pointee = unsafeBitCast(
                previousDeadline.load(ordering: .acquiring), to: EnqueueWithDeadlineHook?.self)
        }
    }

    private static let enqueueHook: EnqueueHook = { job, original in
        if let executor = ControlledExecutor.drivingCurrentThread {
            executor.enqueueGlobal(job)
        } else if let previous = unsafeBitCast(previousEnqueue.load(ordering: .acquiring), to: EnqueueHook?.self) {
            previous(job, original)
        } else {
            original(job)
        }
    }

    private static let delayHook: EnqueueWithDelayHook = { delay, job, original in
        if let executor = ControlledExecutor.drivingCurrentThread {
            executor.enqueueTimer(job, afterNanoseconds: delay)
        } else if let previous = unsafeBitCast(previousDelay.load(ordering: .acquiring), to: EnqueueWithDelayHook?.self)
        {
            previous(delay, job, original)
        } else {
            original(delay, job)
        }
    }

    private static let deadlineHook: EnqueueWithDeadlineHook = {
        seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original in
        if let executor = ControlledExecutor.drivingCurrentThread {
            executor.enqueueTimer(
                job, afterNanoseconds: nanosecondsUntil(seconds: seconds, nanoseconds: nanoseconds, clock: clock))
        } else if let previous = unsafeBitCast(
            previousDeadline.load(ordering: .acquiring), to: EnqueueWithDeadlineHook?.self)
        {
            previous(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original)
        } else {
            original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
        }
    }
}
