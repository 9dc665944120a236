import Foundation

/// Starts the child processes of `tally fuzz` (workers and evaluators) and knows which are alive.
///
/// Every child is started from one thread that lives as long as the process. A child asks Linux to
/// kill it when its parent dies (`PR_SET_PDEATHSIG`, see ``SupervisorLink``), and Linux takes the
/// *thread* that started the child as its parent: a child started from a pool thread would be killed
/// when the pool retires that thread.
enum ChildProcesses {
    /// The environment variable that tells a child the process ID of the supervisor that started it.
    static let supervisorVariable = "TALLY_FUZZ_SUPERVISOR"

    /// Starts `process` from the spawning thread, with the supervisor's process ID in its environment.
    static func start(_ process: Process) throws {
        // Telling a child that has just died something must not kill this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var environment = process.environment ?? ProcessInfo.processInfo.environment
        environment[supervisorVariable] = String(getpid())
        process.environment = environment
        try spawner.start(process)
        live.withLock { _ = $0.insert(process.processIdentifier) }
    }

    /// Forgets a child that has ended.
    static func ended(_ process: Process) {
        live.withLock { _ = $0.remove(process.processIdentifier) }
    }

    /// Kills every child still alive, for a supervisor that must quit at once.
    static func killAll() {
        for pid in live.withLock({ $0 }) { kill(pid, SIGKILL) }
    }

    private static let live = LockedValue<Set<pid_t>>([])
    private static let spawner = Spawner()
}

/// The thread that starts child processes, one request at a time.
private final class Spawner: @unchecked Sendable {
    private let condition = NSCondition()
    private var request: Process?
    private var answer: Result<Void, any Error>?

    init() {
        let thread = Thread { [unowned self] in self.serve() }
        thread.name = "tally child spawner"
        thread.start()
    }

    /// Starts `process` on the spawning thread and waits for it to have started.
    func start(_ process: Process) throws {
        condition.lock()
        defer { condition.unlock() }
        while request != nil || answer != nil { condition.wait() }
        request = process
        condition.broadcast()
        while answer == nil { condition.wait() }
        let result = answer!
        answer = nil
        condition.broadcast()
        try result.get()
    }

    private func serve() {
        condition.lock()
        while true {
            while request == nil { condition.wait() }
            let process = request!
            answer = Result { try process.run() }
            request = nil
            condition.broadcast()
        }
    }
}

/// A value behind a lock, for state shared by job threads and signal handlers.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
