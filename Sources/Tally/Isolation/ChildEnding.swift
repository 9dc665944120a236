#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended.
package enum ChildEnding: Equatable, Sendable {
    case status(Int32)
    case signal(Int32)

    /// `exit status 1`, `signal 4 (SIGILL)`.
    package var description: String {
        switch self {
        case .status(let status): "exit status \(status)"
        case .signal(let number): "signal \(number)\(Self.names[number].map { " (\($0))" } ?? "")"
        }
    }

    /// The signal that ended the child when it is one a person or CI sends to stop a run — SIGINT
    /// (Control-C reaches the whole process group), SIGTERM (a CI cancel, `timeout`, `kill`), SIGHUP
    /// (a closed terminal) — and no case can raise by crashing; `nil` for any other ending.
    ///
    /// Such an ending is never a finding, a crash to recover or a flaky warning: the run was
    /// interrupted. SIGKILL is not among them: the kernel's out-of-memory killer sends it to a process
    /// whose case allocates without bound, so a worker killed that way (and not by Tally) stays a crash
    /// whose case in flight is recovered and replayed. (Go's fuzzing counts SIGKILL as sent from
    /// outside; a lost out-of-memory finding is the costlier mistake.)
    package var stopSignal: Int32? {
        guard case .signal(let number) = self, Self.stopSignals.contains(number) else { return nil }
        return number
    }

    /// SIGINT, SIGTERM and SIGHUP: see ``stopSignal``.
    package static let stopSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]

    package static let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
    ]
}
