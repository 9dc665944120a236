/// One step of a scheduled run: which task's job ran, and the choice that picked it.
public struct ScheduleStep: Hashable, Sendable {
    /// The task whose job ran, numbered from 1 in the order tasks first appeared (1 is the root task;
    /// 0 a job that arrived from outside the scheduler).
    public let task: Int
    /// How many jobs were ready.
    public let ready: Int
    /// The index of the job that ran among the ready ones, oldest first: 0 is first-in-first-out.
    public let picked: Int
}

extension [ScheduleStep] {
    /// `T1 T2 T3 T2* T1`: the task of each step, starred where the scheduler ran a job other than the
    /// oldest ready one.
    var scheduleText: String {
        map { "T\($0.task)\($0.picked > 0 ? "*" : "")" }.joined(separator: " ")
    }
}
