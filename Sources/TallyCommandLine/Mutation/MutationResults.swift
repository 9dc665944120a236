import Foundation

/// Everything one `tally mutate` run found, with its timings: what the console summary and the
/// reports are written from.
struct MutationResults: Sendable {
    struct Result: Codable, Sendable {
        var mutant: Mutant
        var outcome: MutantOutcome
        /// Taken from an earlier run's cache instead of run again.
        var cached: Bool
    }

    /// One target's figures.
    struct Score: Sendable {
        var target: String
        var total: Int
        var killed: Int
        var survived: Int
        var equivalent: Int
        var notCompiled: Int
        var notRun: Int
        /// Killed over killed plus survived, in percent; none when no mutant was judged (nothing judged
        /// is no 100%: the score measures nothing).
        var percent: Double? { killed + survived == 0 ? nil : Double(killed) * 100 / Double(killed + survived) }

        /// `98.3%`; `none yet` when the run was stopped before any mutant was judged, `none, no mutant
        /// was judged` when none could be. Every report says the score in these words.
        var text: String {
            guard let percent else { return notRun > 0 ? "none yet" : "none, no mutant was judged" }
            return MutationResults.percent(percent)
        }
    }

    var results: [Result]
    var targets: [String]
    /// The command, as it can be pasted.
    var command: String
    var buildSeconds: Double
    var runSeconds: Double
    var wallSeconds: Double
    /// Mutants actually run in this invocation (not cached).
    var mutantsRun: Int
    var jobs: Int
    /// `stopped by SIGINT` when a stop request ended the run early.
    var stopped: String?

    var survivors: [Result] { results.filter { $0.outcome.status == .survived } }

    /// Whether some mutant was not judged (the run was stopped, or a worker could not start): the
    /// score covers only the others, and the run never passes.
    var isIncomplete: Bool { results.contains { $0.outcome.status == .notRun } }

    func score(of target: String?) -> Score {
        let mine = results.filter { target == nil || $0.mutant.target == target }
        return Score(
            target: target ?? "all", total: mine.count, killed: mine.filter(\.outcome.isKilled).count,
            survived: mine.filter { $0.outcome.status == .survived }.count,
            equivalent: mine.filter { $0.outcome.status == .equivalent }.count,
            notCompiled: mine.filter { $0.outcome.status == .notCompiled }.count,
            notRun: mine.filter { $0.outcome.status == .notRun }.count)
    }

    /// Mutants run per minute of running time (build excluded), or 0.
    var mutantsPerMinute: Double { runSeconds > 0 ? Double(mutantsRun) * 60 / runSeconds : 0 }

    /// `42.0%`.
    static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value)
    }
}
