import Foundation

/// SIGINT (Ctrl-C) and SIGTERM (a CI timeout, `kill`) during `tally fuzz`: the first asks the run to
/// stop cleanly — shrinking keeps the smallest case so far, findings are saved, reports written — and a
/// second quits at once.
///
/// The handler only writes the signal's number to a pipe (all a signal handler may safely do); a
/// thread that unblocks the signals reads it. A dispatch signal source is not enough on Linux: it sees
/// a signal only if every thread blocks it, and a thread that does not, ignoring it, loses it.
final class FuzzStopSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM]
    private nonisolated(unsafe) static var pipeInput: Int32 = -1

    /// Handles the signals for `budget` until ``restore()``, telling `console` in lines that name `tool`.
    init(budget: FuzzBudget, console: Console, tool: String) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        Self.pipeInput = ends[1]
        let output = ends[0]
        let thread = Thread {
            var signals = sigset_t()
            sigemptyset(&signals)
            for number in Self.handled { sigaddset(&signals, number) }
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            var number: UInt8 = 0
            while read(output, &number, 1) == 1 { Self.received(Int32(number), budget: budget, console: console, tool: tool) }
            close(output)
        }
        thread.name = "tally stop signals"
        thread.start()
        for number in Self.handled {
            previous[number] = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(FuzzStopSignals.pipeInput, &byte, 1)
            }
        }
    }

    /// The actions the signals had before, given back by ``restore()``.
    private var previous: [Int32: __sighandler_t?] = [:]

    private static func received(_ number: Int32, budget: FuzzBudget, console: Console, tool: String) {
        if budget.isStopping {
            console.err("\(tool) fuzz: \(name(number)) again: quitting at once; findings not yet saved are lost")
            ChildProcesses.killAll()
            exit(128 + number)
        }
        console.err("\(tool) fuzz: \(name(number)): stopping; saving what was found and writing the reports (\(name(number)) again quits at once)")
        budget.requestStop(signal: number)
    }

    /// Gives the signals back the actions they had before.
    func restore() {
        for (number, action) in previous { signal(number, action) }
        if Self.pipeInput >= 0 { close(Self.pipeInput) }
        Self.pipeInput = -1
    }

    /// `SIGINT`.
    static func name(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}
