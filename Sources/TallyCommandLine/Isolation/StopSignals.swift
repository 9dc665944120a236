import Foundation
import Tally

/// SIGINT (Ctrl-C) and SIGTERM (a CI timeout, `kill`) for a command that stops cleanly: the first
/// asks it to stop — it keeps and reports what it found — and a second quits at once, killing every
/// child process. A repeat within ``sameRequest`` seconds of the first is the same request, delivered
/// twice (`timeout -s INT` signals the process and then its group; a CI may signal the group and the
/// process), not an impatient second press.
///
/// The handler only writes the signal's number to a pipe (all a signal handler may safely do); a
/// thread that unblocks the signals reads it. A dispatch signal source is not enough on Linux: it sees
/// a signal only if every thread blocks it, and a thread that does not, ignoring it, loses it.
final class StopSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM]
    private nonisolated(unsafe) static var pipeInput: Int32 = -1
    /// This instance's end of the pipe the handler writes to.
    private var input: Int32 = -1
    /// Seconds after the first signal during which another is the same request.
    static let sameRequest = 1.0

    /// What a command says and does when a signal comes.
    struct Stopping: Sendable {
        /// `tally fuzz`, as the messages begin.
        var command: String
        /// What stopping keeps: `saving what was found and writing the reports`.
        var keeps: String
        /// What quitting at once loses: `findings not yet saved are lost`.
        var loses: String
        /// Asks the command to stop, for this signal.
        var stop: @Sendable (Int32) -> Void
    }

    /// Handles the signals for `stopping` until ``restore()``, telling `console`.
    init(_ stopping: Stopping, console: Console) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        input = ends[1]
        Self.pipeInput = ends[1]
        let output = ends[0]
        let thread = Thread {
            // Only this thread sees the signals: the first time each arrived, by this handler's count.
            var first: Date?
            var signals = sigset_t()
            sigemptyset(&signals)
            for number in Self.handled { sigaddset(&signals, number) }
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            var number: UInt8 = 0
            while read(output, &number, 1) == 1 {
                Self.received(Int32(number), first: &first, stopping, console: console)
            }
            close(output)
        }
        thread.name = "tally stop signals"
        thread.start()
        for number in Self.handled {
            previous[number] = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(StopSignals.pipeInput, &byte, 1)
            }
        }
    }

    /// The actions the signals had before, given back by ``restore()``.
    private var previous: [Int32: __sighandler_t?] = [:]

    private static func received(_ number: Int32, first: inout Date?, _ stopping: Stopping, console: Console) {
        // Not the command's own stop state: a child stopped by the same signal may have stopped the
        // run already, and this first signal must not count as a second.
        if let first, Date().timeIntervalSince(first) < sameRequest { return }
        if first != nil {
            console.err("\(stopping.command): \(name(number)) again: quitting at once; \(stopping.loses)")
            ChildLife.killAll()
            exit(128 + number)
        }
        first = Date()
        console.err(
            "\(stopping.command): \(name(number)): stopping; \(stopping.keeps) (\(name(number)) again quits at once)")
        stopping.stop(number)
    }

    /// Gives the signals back the actions they had before.
    func restore() {
        for (number, action) in previous { signal(number, action) }
        // Another command's handler may have been installed since (commands run in process in tests).
        if Self.pipeInput == input { Self.pipeInput = -1 }
        if input >= 0 { close(input) }
        input = -1
    }

    /// `SIGINT`.
    static func name(_ number: Int32) -> String {
        ChildEnding.names[number] ?? "signal \(number)"
    }
}
