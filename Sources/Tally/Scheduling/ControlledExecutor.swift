import Foundation
import Synchronization
@_spi(ExperimentalScheduling) import _Concurrency

/// The executor of one scheduled run: its jobs wait in a ready queue (or, when they sleep, on a virtual
/// clock) instead of going to the global executor's threads, and the ``Scheduler`` runs them one at a
/// time on its own thread, in the order the choice sequence picks.
///
/// Jobs reach it three ways: as the task executor preference of the run's root task and of the child
/// tasks it inherits to (task groups, `async let`), as the task executor every job runs on (so a
/// `Task.yield()` outside an actor comes back here), and through ``ConcurrencyRuntimeHooks`` for what
/// goes to the global executor. A job enqueued from any thread other than the driving one escaped
/// Tally's control: it is still run, so the operation can finish, and the run reports it.
final class ControlledExecutor: TaskExecutor, @unchecked Sendable {
    /// A job waiting to run, with the number of the task it continues (1 for the root task).
    struct ReadyJob {
        let job: UnownedJob
        let task: Int
    }

    private struct Timer {
        let deadline: UInt64
        let waking: Waking
        let task: Int
    }

    /// What a timer does when due: ready a sleeping job, or call a ``ScheduledClock`` sleeper back.
    private enum Waking {
        case job(UnownedJob)
        case call(@Sendable () -> Void)
    }

    // MARK: State of the driving thread

    /// The jobs ready to run, oldest first.
    private(set) var ready: [ReadyJob] = []
    /// Sleeping jobs by virtual deadline, in the order they went to sleep among equal deadlines.
    private var timers: [Timer] = []
    /// The virtual clock, in nanoseconds since the run began: it moves only when no job is ready.
    private(set) var now: UInt64 = 0
    private var isDriving = false
    /// The task whose job is running: a continuation or actor job it enqueues counts as its own.
    private var runningTask = 0
    /// The runtime's identifier of that task, and the job it handed to the global executor to go on with.
    private var runningTaskID: UInt64 = 0
    private var hop: UnownedJob?
    private var taskNumbers: [UInt64: Int] = [:]
    private let driverThread = pthread_self()
    private lazy var unownedExecutor = asUnownedTaskExecutor()

    // MARK: State shared with other threads, under `condition`

    private let condition = NSCondition()
    private var arrivals: [UnownedJob] = []
    private var arrivalCount = 0
    private var isClosed = false
    private let hasArrivals = Atomic<Bool>(false)

    /// The executor whose run the current thread is driving, if any.
    static var drivingCurrentThread: ControlledExecutor? {
        guard let raw = pthread_getspecific(threadKey) else { return nil }
        return Unmanaged<ControlledExecutor>.fromOpaque(raw).takeUnretainedValue()
    }

    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Starts routing this thread's jobs here.
    func begin() {
        isDriving = true
        pthread_setspecific(Self.threadKey, Unmanaged.passUnretained(self).toOpaque())
        ConcurrencyRuntimeHooks.retain()
    }

    /// Stops routing jobs here; jobs arriving from now on go to the global executor. Returns how many
    /// jobs arrived from other threads during the run.
    func end() -> Int {
        isDriving = false
        pthread_setspecific(Self.threadKey, nil)
        ConcurrencyRuntimeHooks.release()
        condition.lock()
        isClosed = true
        let late = arrivals
        arrivals = []
        let count = arrivalCount
        condition.unlock()
        late.forEach(Self.forward)
        return count
    }

    // MARK: Enqueueing

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueReady(UnownedJob(job))
    }

    /// Puts `job` at the back of the ready queue, or counts it as escaped when it comes from another thread.
    func enqueueReady(_ job: UnownedJob) {
        if isDrivingThread {
            ready.append(ReadyJob(job: job, task: taskNumber(of: job)))
        } else {
            arrive(job)
        }
    }

    /// Takes a job from the global executor's hook: the running task's own job is a hop, which continues
    /// the running job before any other (see ``runJob(at:)``); any other job waits in the ready queue.
    func enqueueGlobal(_ job: UnownedJob) {
        let id = ConcurrencyRuntimeHooks.taskID(of: job)
        if isDrivingThread, id != 0, id == runningTaskID, hop == nil {
            hop = job
        } else {
            enqueueReady(job)
        }
    }

    /// Puts `job` to sleep for `delay` nanoseconds of virtual time, rounded to the millisecond: the
    /// runtime hands over a deadline computed from the real clock a moment earlier, and rounding makes
    /// equal sleeps equal.
    func enqueueTimer(_ job: UnownedJob, afterNanoseconds delay: UInt64) {
        guard isDrivingThread else { return arrive(job) }
        let rounded = (delay / 500_000 + 1) / 2 * 1_000_000
        insert(Timer(deadline: now &+ rounded, waking: .job(job), task: taskNumber(of: job)))
    }

    /// Calls `wake` on the driving thread when the virtual clock reaches `deadline` nanoseconds since
    /// the run began (at once, in the next round, for a deadline passed). Called from a job of the run.
    ///
    /// A ``ScheduledClock`` sleeps this way, on an exact virtual deadline: a `Task.sleep` reaches the
    /// executor as a deadline of the machine's clock, turned back into a delay a moment later, so a busy
    /// machine that stops the thread between the two shortens the sleep.
    func wake(atNanoseconds deadline: UInt64, _ wake: @escaping @Sendable () -> Void) {
        insert(Timer(deadline: max(deadline, now), waking: .call(wake), task: runningTask))
    }

    private func insert(_ timer: Timer) {
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    private var isDrivingThread: Bool {
        // Checked in this order so that another thread never reads `isDriving`.
        pthread_equal(pthread_self(), driverThread) != 0 && isDriving
    }

    private func arrive(_ job: UnownedJob) {
        condition.lock()
        guard !isClosed else {
            condition.unlock()
            return Self.forward(job)
        }
        arrivals.append(job)
        arrivalCount += 1
        hasArrivals.store(true, ordering: .releasing)
        condition.signal()
        condition.unlock()
    }

    private static func forward(_ job: UnownedJob) {
        globalConcurrentExecutor.enqueue(job)
    }

    private func taskNumber(of job: UnownedJob) -> Int {
        let id = ConcurrencyRuntimeHooks.taskID(of: job)
        guard id != 0 else { return runningTask }
        if let number = taskNumbers[id] { return number }
        let number = taskNumbers.count + 1
        taskNumbers[id] = number
        return number
    }

    // MARK: Driving

    /// Runs the ready job at `index`, and the hops it makes; returns the number of its task.
    ///
    /// A task with no executor preference (an unstructured `Task {}`) runs here on a task executor not its
    /// own, so where its code goes to the generic executor — entering a nonisolated async function, or
    /// `withUnsafeContinuation` — the runtime switches: it hands the task's job to the global executor.
    /// On the global executor's threads that switch costs nothing and lets nothing run in between, so
    /// the hop runs here at once too, as part of the same step. Were it a scheduling point, other jobs
    /// could run where the real runtime never lets them: swift-async-algorithms' `merge` takes its lock,
    /// then calls `withUnsafeThrowingContinuation`, which releases it, and the next job deadlocked.
    func runJob(at index: Int) -> Int {
        let next = ready.remove(at: index)
        runningTask = next.task
        runningTaskID = ConcurrencyRuntimeHooks.taskID(of: next.job)
        next.job.runSynchronously(on: unownedExecutor)
        while let job = hop {
            hop = nil
            job.runSynchronously(on: unownedExecutor)
        }
        runningTaskID = 0
        return next.task
    }

    /// Moves the jobs that arrived from other threads to the ready queue; answers whether there were any.
    func absorbArrivals() -> Bool {
        guard hasArrivals.load(ordering: .acquiring) else { return false }
        condition.lock()
        let arrived = arrivals
        arrivals = []
        hasArrivals.store(false, ordering: .relaxed)
        condition.unlock()
        ready += arrived.map { ReadyJob(job: $0, task: 0) }
        return !arrived.isEmpty
    }

    /// Waits up to `timeout` for a job from another thread; answers whether one came.
    func waitForArrival(timeout: Duration) -> Bool {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        while arrivals.isEmpty, condition.wait(until: deadline) {}
        condition.unlock()
        return absorbArrivals()
    }

    /// Advances the virtual clock to the earliest deadline and readies every sleeper due then; answers
    /// whether there was one.
    func wakeNextSleepers() -> Bool {
        guard let first = timers.first else { return false }
        now = first.deadline
        let due = timers.prefix { $0.deadline == now }
        timers.removeFirst(due.count)
        for timer in due {
            switch timer.waking {
            case .job(let job): ready.append(ReadyJob(job: job, task: timer.task))
            case .call(let wake): wake()
            }
        }
        return true
    }
}

extension ControlledExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueueTimer(UnownedJob(job), afterNanoseconds: Self.nanoseconds(clock.now.duration(to: instant)))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        enqueueTimer(UnownedJob(job), afterNanoseconds: Self.nanoseconds(delay))
    }

    /// A clock's duration in nanoseconds; 0 for a clock whose durations are not `Duration`s.
    private static func nanoseconds<D: DurationProtocol>(_ duration: D) -> UInt64 {
        guard let duration = duration as? Duration, duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
