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
    /// oldest ready one; four or more equal steps in a row are written once with their count, `T5 ×9950`,
    /// so a run that never ends still prints as a line.
    var scheduleText: String {
        var words: [String] = []
        var index = startIndex
        while index < endIndex {
            let word = "T\(self[index].task)\(self[index].picked > 0 ? "*" : "")"
            var end = index + 1
            while end < endIndex, self[end].task == self[index].task, (self[end].picked > 0) == (self[index].picked > 0)
            {
                end += 1
            }
            let count = end - index
            if count >= 4 {
                words.append("\(word) ×\(count)")
            } else {
                words += [String](repeating: word, count: count)
            }
            index = end
        }
        return words.joined(separator: " ")
    }
}
