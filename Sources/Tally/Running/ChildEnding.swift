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

    package static let names: [Int32: String] = [
        2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
    ]
}
