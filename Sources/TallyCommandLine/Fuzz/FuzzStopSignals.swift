import Foundation

/// SIGINT (Ctrl-C) and SIGTERM (a CI timeout, `kill`) during `tally fuzz` (``StopSignals``): the first
/// asks the run to stop cleanly — shrinking keeps the smallest case so far, findings are saved,
/// reports written — and a second quits at once.
final class FuzzStopSignals {
    private let signals: StopSignals

    /// Handles the signals for `budget` until ``restore()``, telling `console` in lines that name `tool`.
    init(budget: FuzzBudget, console: Console, tool: String) {
        signals = StopSignals(StopSignals.Stopping(
            command: "\(tool) fuzz", keeps: "saving what was found and writing the reports", loses: "findings not yet saved are lost",
            stop: { budget.requestStop(signal: $0) }), console: console)
    }

    /// Gives the signals back the actions they had before.
    func restore() { signals.restore() }
}
