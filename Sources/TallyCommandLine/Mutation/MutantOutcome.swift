import Tally

/// What running the requirements against one mutant found.
struct MutantOutcome: Codable, Hashable, Sendable {
    enum Status: String, Codable, Sendable {
        /// A table row or a property failed.
        case killed
        /// Every requirement passed: a gap in the requirements, or an equivalent mutant.
        case survived
        /// The requirements ran past the time limit (an infinite loop, say): counted as killed.
        case timedOut = "timed out"
        /// The process trapped or crashed: counted as killed.
        case crashed
        /// The mutant's schema did not compile: dropped from the score, counted.
        case notCompiled = "did not compile"
        /// Reviewed as equivalent (listed with a reason): dropped from the score.
        case equivalent
        /// The run was stopped (SIGINT, SIGTERM) before the mutant was judged: never cached, so the
        /// next run judges it.
        case notRun = "not run"
    }

    var status: Status
    /// What killed it (`row Tables/claims/visits.csv:14: patient pays?: expected …`, `property …`),
    /// what was running when it crashed or timed out, or the reason it is equivalent.
    var by: [String] = []
    /// Seconds the requirements ran.
    var seconds: Double = 0

    /// Killed, timed out or crashed: the requirements noticed.
    var isKilled: Bool { status == .killed || status == .timedOut || status == .crashed }

    /// Reads a `tally mutate-worker` run (not one a stop request ended: its outcome is unknown).
    init(worker result: ChildRun) {
        let lines = result.output.split(separator: "\n").map(String.init)
        let killers = lines.filter { $0.hasPrefix("KILLED ") }.map { String($0.dropFirst("KILLED ".count)) }
        let running = lines.last { $0.hasPrefix("RUNNING ") }.map { String($0.dropFirst("RUNNING ".count)) }
        // The runtime's last words, as one line: `Fatal error: Division by zero`.
        let words = CrashWords.read(result.output).map { ": " + $0.replacingOccurrences(of: "\n", with: " ") } ?? ""
        let ending = result.ending.description + (running.map { " while running \($0)" } ?? "")
        seconds = result.seconds
        if !killers.isEmpty {
            // Rows failed before a later row crashed or hung the worker: they noticed the mutant.
            status = .killed
            by = killers
        } else if result.timedOut {
            status = .timedOut
            by = running.map { ["while running \($0)"] } ?? []
        } else if let signal = result.ending.stopSignal {
            // Sent from outside to stop a process, not raised by the mutant: not judged (never cached).
            status = .notRun
            by = ["its worker was stopped by \(StopSignals.name(signal)) before the mutant was judged"]
        } else if case .signal = result.ending {
            status = .crashed
            by = [ending + words]
        } else if result.succeeded, lines.contains("SURVIVED") {
            status = .survived
        } else {
            status = .crashed
            let tail = lines.suffix(3).joined(separator: " / ")
            by = [ending + (tail.isEmpty ? "" : ": \(tail)")]
        }
    }

    init(status: Status, by: [String] = [], seconds: Double = 0) {
        self.status = status
        self.by = by
        self.seconds = seconds
    }
}
