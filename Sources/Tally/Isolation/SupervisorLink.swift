import Foundation

#if os(Linux)
import Glibc
#endif

/// A fuzz child's link to the `tally fuzz` that started it (its supervisor): the child dies with its
/// supervisor, and reads the supervisor's requests, `STOP` among them, from its standard input.
///
/// A supervisor killed with SIGKILL cannot clean up, so the child watches for it two ways. On Linux it
/// asks the kernel for SIGKILL when its parent dies (`PR_SET_PDEATHSIG`), then checks that its parent
/// is still the supervisor that started it — the supervisor may have died before the request was made.
/// And a thread reads the pipe from the supervisor: when it ends, the supervisor is gone, and the child
/// exits at once, even while its main thread spins in a case that hangs.
///
/// The child ignores SIGINT and SIGTERM: Control-C and a CI's cancel reach the whole process group,
/// and the supervisor, which handles them, decides how its children stop — `STOP`, so that a failure
/// being shrunk is reported, or SIGKILL. Dying of the signal would lose that failure, and stopping on
/// its own would let the supervisor start the next property before it saw the signal.
package final class SupervisorLink: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var stop: String?

    /// Links this process to its supervisor; call it first thing in a child.
    package init() {
        #if os(Linux)
        dieWithParent()
        #endif
        let expected = ProcessInfo.processInfo.environment[ChildLife.parentVariable].flatMap { pid_t($0) }
        if let expected, getppid() != expected { _exit(0) }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_IGN) }
        let thread = Thread { [self] in readRequests() }
        thread.name = "tally supervisor link"
        thread.start()
    }

    /// Why the supervisor asked this child to stop (`STOP SIGINT`: it was interrupted), if it did:
    /// the child finishes up and reports.
    package var stopReason: String? { condition.withLock { stop } }

    /// The supervisor's next request; blocks until one comes.
    package func nextRequest() -> String {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty { condition.wait() }
        return lines.removeFirst()
    }

    private func readRequests() {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            // The pipe ended: the supervisor is gone (or done with this child). Nobody is left to read
            // what this child would say.
            if count <= 0 { _exit(0) }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                condition.withLock {
                    if line.hasPrefix("STOP") {
                        stop =
                            line.dropFirst(4).trimmingCharacters(in: .whitespaces).isEmpty
                            ? "a stop request" : String(line.dropFirst(5))
                    } else {
                        lines.append(line)
                    }
                    condition.broadcast()
                }
            }
        }
    }
}

extension ChildProcess {
    /// A `tally` child that runs a ``SupervisorLink`` to this process: requests on its standard input,
    /// answers on its standard output, and no backtrace when it crashes (it starts and dies faster);
    /// with `backtraces`, the runtime's message and the place of a crash (``lastWords()``).
    package convenience init(tally executable: String, _ arguments: [String], backtraces: Bool = false) throws {
        try self.init(
            standardStreams: executable, arguments: [executable] + arguments,
            environment: ["SWIFT_BACKTRACE": ChildProcess.backtraceSetting(backtraces)])
    }
}
