/// One run of an operation under Tally's scheduler: its outcome (or the problem that kept it from one)
/// and the order in which its tasks' jobs ran.
///
/// Made by ``Gen/interleaving(strategy:maxSteps:_:)``; a property checks ``outcome``, which throws when
/// the run escaped the scheduler, stalled or never finished, so such a run fails with a clear message
/// instead of passing unchecked.
public struct Interleaving<Outcome>: CustomStringConvertible {
    private let result: Outcome?
    /// The Swift Testing issues (`#expect`, `#require`) the operation recorded.
    public var issues: [String] { recordedIssues.map(\.text) }
    private let recordedIssues: [IssuesInOperation.Recorded]
    /// Why the run cannot be checked, if it cannot.
    public let problem: SchedulingProblem?
    /// The jobs that ran, in order.
    public let steps: [ScheduleStep]

    init(result: Outcome?, issues: [IssuesInOperation.Recorded], problem: SchedulingProblem?, steps: [ScheduleStep]) {
        self.result = result
        recordedIssues = issues
        self.problem = problem
        self.steps = steps
    }

    /// What the operation returned; throws the ``problem`` when there is one, or the issues the operation
    /// recorded (an `#expect` inside it fails the case here, once, instead of at every case tried).
    public var outcome: Outcome {
        get throws(PropertyFailure) {
            if let problem { throw PropertyFailure(problem.description) }
            if let first = recordedIssues.first {
                throw PropertyFailure(
                    "the operation recorded: " + issues.joined(separator: "; "), fileID: first.fileID, line: first.line)
            }
            guard let result else { throw PropertyFailure("the operation did not finish") }
            return result
        }
    }

    /// The choices among several ready jobs that did not pick the oldest one: the run's departures
    /// from first-in-first-out order.
    public var preemptions: Int { steps.count { $0.picked > 0 } }

    /// The outcome, then the schedule as `T1 T2* T1 …` (the task of each step; `*` where a job other than
    /// the oldest ready one ran).
    public var description: String {
        let head =
            problem.map { "no outcome: \($0)" } ?? "outcome: \(result.map { prettyDescription(of: $0) } ?? "none")"
        return "\(head)\nschedule: \(steps.scheduleText)"
    }
}
