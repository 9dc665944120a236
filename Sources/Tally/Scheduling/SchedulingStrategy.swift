/// How the scheduler explores the orders of a run's jobs while searching.
///
/// Whatever the strategy, each decision is recorded as a choice — the index of the job that ran among
/// those ready, oldest first — so a failing run shrinks toward first-in-first-out order and a replay
/// token replays exactly, whichever strategy found it.
public struct SchedulingStrategy: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case random
        case priorityChanges(depth: Int, horizon: Int)
    }

    let kind: Kind

    /// Each decision picks uniformly among the ready jobs: good at bugs that need a few switches
    /// between tasks at any point.
    public static let random = SchedulingStrategy(kind: .random)

    /// Probabilistic concurrency testing (PCT, Burckhardt et al., 2010): every task gets a random
    /// priority and the highest-priority ready task runs, except that at `depth - 1` random decisions
    /// among the first `horizon` the running task drops below all others. Long runs of one task with a
    /// few well-placed preemptions — which a uniform random walk almost never produces — come up once
    /// in a handful of cases: a bug that needs `depth` ordering constraints is found with probability
    /// at least 1 / (tasks × horizon^(depth-1)) per case.
    ///
    /// - Parameters:
    ///   - depth: The number of ordering constraints the bugs sought need (at least 1).
    ///   - horizon: The number of scheduling decisions over which the priority changes are spread: about
    ///     the number of decisions in one run.
    public static func pct(depth: Int = 3, horizon: Int = 40) -> SchedulingStrategy {
        precondition(depth >= 1, "a PCT depth is at least 1")
        precondition(horizon >= 1, "a PCT horizon is at least 1 decision")
        return SchedulingStrategy(kind: .priorityChanges(depth: depth, horizon: horizon))
    }

    /// `random` or `pct(depth: 3, horizon: 40)`.
    public var description: String {
        switch kind {
        case .random: "random"
        case .priorityChanges(let depth, let horizon): "pct(depth: \(depth), horizon: \(horizon))"
        }
    }
}
