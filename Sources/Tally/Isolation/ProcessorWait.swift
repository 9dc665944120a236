import Foundation

/// Whether a child is waiting for a processor, and how much processor time it has had: on a busy machine
/// a child that is ready to run may get no processor for a while, and that time is not its case's, so a
/// case timeout does not count it (``ChildProcess/readLine(timeout:)``).
///
/// Read from Linux's `/proc/<pid>/task/*`: a thread in state `R` is running or ready to run, and the
/// first field of `schedstat` is its processor time in nanoseconds. Elsewhere, or once the child ended,
/// it never waits, so a case timeout is wall-clock time as before.
struct ProcessorWait: Equatable {
    /// Whether a thread of the child is running or ready to run.
    var isRunnable = false
    /// The processor time of the child's threads.
    var processorTime = Duration.zero

    /// Whether the child, looked at now, is waiting for a processor rather than running out its
    /// `timeout`: a thread is ready to run, and since the read began the child has had clearly less than
    /// the timeout of processor time. That is its time since `baseline`, plus the `unmeasured` time
    /// before the baseline counted as run (a read looks only once an answer is slow). Within a sixteenth
    /// of the timeout it had its time, so that a child that ran throughout is not kept another step.
    func isWaiting(since baseline: ProcessorWait, unmeasured: Duration, timeout: Duration) -> Bool {
        isRunnable && processorTime - baseline.processorTime + unmeasured < timeout - timeout / 16
    }

    static func of(_ life: ChildLife) -> ProcessorWait {
        var sample = ProcessorWait()
        #if os(Linux)
        guard let pid = life.runningID else { return sample }
        let tasks = "/proc/\(pid)/task"
        for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            if let stat = try? String(contentsOfFile: "\(tasks)/\(task)/stat", encoding: .utf8),
                let end = stat.range(of: ") ", options: .backwards), stat[end.upperBound...].hasPrefix("R")
            {
                sample.isRunnable = true
            }
            if let text = try? String(contentsOfFile: "\(tasks)/\(task)/schedstat", encoding: .utf8),
                let ran = text.split(separator: " ").first.flatMap({ Int64($0) })
            {
                sample.processorTime += .nanoseconds(ran)
            }
        }
        #endif
        return sample
    }
}
