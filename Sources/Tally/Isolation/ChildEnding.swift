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

    /// The signal that ended the child when it is one sent to stop a run (SIGINT, SIGTERM, SIGHUP), which
    /// no case raises by crashing: such an ending is never a finding. SIGKILL is not among them: the
    /// out-of-memory killer sends it to a case that allocates without bound, a finding not to lose.
    package var stopSignal: Int32? {
        guard case .signal(let number) = self, Self.stopSignals.contains(number) else { return nil }
        return number
    }

    package static let stopSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP]

    package static let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL",
        11: "SIGSEGV", 15: "SIGTERM",
    ]
}
