import Foundation

/// Runs a child process to its end and collects its output, with an optional time limit after
/// which it is killed: how `tally mutate` runs `swift`, `git` and one mutant at a time.
enum Subprocess {
    struct Result: Sendable {
        /// The exit status, or the signal number when `signaled`.
        var status: Int32
        /// Whether the process ended by a signal (a trap, or the kill of a time-out).
        var signaled: Bool
        /// Standard output and standard error, interleaved.
        var output: String
        /// Whether the time limit ran out and the process was killed.
        var timedOut: Bool
        /// Wall time in seconds.
        var seconds: Double
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added to this process's.
    static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String] = [:], timeLimit: Double? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var merged = ProcessInfo.processInfo.environment
        merged["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let killed = KillSwitch()
        if let timeLimit {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
                if process.isRunning, killed.fire() { kill(pid, SIGKILL) }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let timedOut = killed.cancel()
        return Result(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                      output: String(decoding: data, as: UTF8.self), timedOut: timedOut, seconds: Date().timeIntervalSince(start))
    }
}

/// Decides once, under a lock, between a time-out that kills and a normal end that cancels it.
private final class KillSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0 // 0 armed, 1 fired, 2 cancelled

    /// Fires unless cancelled; true when this call fired it.
    func fire() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard state == 0 else { return false }
        state = 1
        return true
    }

    /// Cancels unless fired; returns whether it had fired.
    func cancel() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if state == 0 { state = 2 }
        return state == 1
    }
}
