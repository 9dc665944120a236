/// Why a scheduled run could not be checked: its jobs escaped Tally's control, it stopped making
/// progress, or it never finished.
public enum SchedulingProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A job of the run was enqueued from a thread other than the scheduler's, after `step` steps.
    case escaped(afterStep: Int)
    /// No job was ready, none was asleep, and none arrived for `timeout`, after `step` steps, with the
    /// operation unfinished.
    case stalled(afterStep: Int, timeout: Duration)
    /// The run took more than `limit` steps.
    case stepLimit(Int)

    /// What happened, what usually causes it, and what to do.
    public var description: String {
        switch self {
        case .escaped(let step):
            return """
                work escaped Tally's scheduler: after step \(step) a job of this run was enqueued from another \
                thread. Something in the operation hands work to Dispatch, a Thread, the main actor or real \
                I/O (or an unstructured Task {} sleeps or yields while on an actor), so its interleavings can \
                be neither explored nor replayed. Replace it with a test double that suspends with \
                `await Task.yield()` or resumes its continuation from a task, or use structured concurrency.
                """
        case .stalled(let step, let timeout):
            return """
                the operation stopped making progress after step \(step): no job became ready for \(timeout) \
                and none was asleep. A continuation that is never resumed, a deadlock, or a task waiting \
                for work outside Tally's scheduler (Dispatch, threads, the main actor, real I/O).
                """
        case .stepLimit(let limit):
            return """
                the operation did not finish within \(limit) scheduling steps: a task that never ends \
                (a polling loop, a livelock). Raise maxSteps if the operation is meant to be this long.
                """
        }
    }
}
