import Foundation
import Tally

/// A child `tally` process with its standard input and output as lines, for fuzz workers and
/// evaluators. Reads have a timeout, so a hung child can be told from a slow one. The child is started
/// by ``ChildProcesses`` and dies with this process (``SupervisorLink``).
final class ProcessChannel: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSCondition()
    private var buffer = Data()
    private var closed = false

    /// Starts `executable` with `arguments`; its standard error is discarded.
    init(executable: String, arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ChildProcesses.start(process)
        // A blocking read on a thread of its own until the end of the output: a readability handler
        // can miss the end, and a child that ended would then look hung.
        let descriptor = output.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                lock.withLock {
                    if count > 0 { buffer.append(contentsOf: chunk[0..<count]) } else { closed = true }
                    lock.broadcast()
                }
                if count <= 0 { return }
            }
        }
    }

    /// Sends one line.
    func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// The next line, `nil` at end of output, or `nil` with `timedOut` set after `timeout`.
    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return (line, false)
            }
            if closed { return (nil, false) }
            if !lock.wait(until: deadline) { return (nil, true) }
        }
    }

    /// Kills the child at once.
    func kill() {
        lock.withLock {
            // Never after the child was reaped: its process ID may belong to another process by then.
            if !killed, !exited, process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
            killed = true
        }
    }

    /// Whether ``kill()`` was called: the child did not die of its own case.
    var wasKilled: Bool { lock.withLock { killed } }
    private var killed = false
    private var exited = false

    /// Waits for the child to end and says how: `nil` for exit status 0.
    func waitForExit() -> ChildEnding {
        process.waitUntilExit()
        lock.withLock { exited = true }
        ChildProcesses.ended(process)
        if process.terminationReason == .uncaughtSignal { return .signal(process.terminationStatus) }
        return .status(process.terminationStatus)
    }
}
