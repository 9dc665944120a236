import Foundation
import Tally

/// A process a test starts and watches from outside: its output, its children (from /proc), signals
/// sent to it, its end.
///
/// Every process Tally's own tests start goes through here, so that each gets the same clean
/// environment (``TestEnvironment``): none of the user's `TALLY_*` variables, which would otherwise
/// select rows or properties the test never asked for.
public final class WatchedProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = NSCondition()
    private var out = Data()
    private var err = Data()
    private var openStreams = 2
    private var ended = false

    /// The `tally` next to the test bundle (SwiftPM builds it: the tests depend on it).
    public static var tally: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tally")
        return FileManager.default.fileExists(atPath: beside.path)
            ? beside : URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/tally")
    }

    /// This test executable, to run some of its own tests in a child.
    public static var testExecutable: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// Starts `executable` (the built `tally` by default) with `arguments` in `folder`, with the clean
    /// environment of the tests, the planted-bug spec enabled and no backtraces, plus `environment`.
    /// Standard input is empty. With `mergingErrors`, standard error goes where standard output goes,
    /// interleaved as written, and ``standardError`` stays empty.
    public init(
        _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
        executable: URL = WatchedProcess.tally,
        mergingErrors: Bool = false
    ) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let folder {
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            if executable == WatchedProcess.tally { TestEnvironment.makePackageRoot(folder) }
        }
        process.environment = TestEnvironment.clean(
            adding: ["TALLY_PLANTED_BUGS": "1", "SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 })
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = mergingErrors ? output : errors
        openStreams = mergingErrors ? 1 : 2
        // The test runner's threads may block SIGINT and SIGTERM, and a child inherits the mask: a shell
        // would never see them. Started as from a terminal, with none blocked.
        var stopSignals = sigset_t(), mask = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        process.terminationHandler = { [weak self, collected] _ in
            collected.withLock {
                self?.ended = true
                collected.broadcast()
            }
        }
        try process.run()
        // Blocking reads on threads of their own: a readability handler may miss the end of a stream.
        for (pipe, isOutput) in [(output, true), (errors, false)].prefix(openStreams) {
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    collected.withLock {
                        if count > 0 {
                            if isOutput {
                                out.append(contentsOf: buffer[0..<count])
                            } else {
                                err.append(contentsOf: buffer[0..<count])
                            }
                        } else {
                            openStreams -= 1
                        }
                        collected.broadcast()
                    }
                    if count <= 0 { return }
                }
            }
        }
    }

    /// Runs `executable` with `arguments` to its end (killed after ``Patience/forAnEvent``): its exit
    /// status and standard output and error (see ``init(_:in:environment:executable:mergingErrors:)``).
    public static func run(
        _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
        executable: URL = WatchedProcess.tally,
        mergingErrors: Bool = false
    ) async throws -> (status: Int32, out: String, err: String) {
        let child = try WatchedProcess(
            arguments, in: folder, environment: environment, executable: executable, mergingErrors: mergingErrors)
        defer { child.stop() }
        await child.waitForEnd()
        return (child.status, child.standardOutput, child.standardError)
    }

    public var pid: pid_t { process.processIdentifier }

    /// Sends `signal` to the process.
    public func signal(_ signal: Int32) { kill(pid, signal) }

    /// Sends `signal` to the process and every process under it, the deepest first: what Control-C or
    /// a CI's cancel does (the process group gets it), with the children's endings ahead of the
    /// process's own handler, the order that tells an interrupted child from a crashed one hardest.
    public func signalAll(_ signal: Int32) {
        func tree(_ pid: pid_t) -> [pid_t] { ProcessTable.children(of: pid).flatMap(tree) + [pid] }
        for pid in tree(self.pid) { kill(pid, signal) }
    }

    /// Once `ready` finds something — a child in the state the test wants to stop the process in —
    /// lets the process run `delay` seconds more, sends it `signal` (and every process under it, with
    /// `toAll`), and waits for its end: what `ready` found and the seconds from the signal to the end
    /// (infinity if it still ran after ``Patience/forAnEvent``). `nil`, and no signal sent, when
    /// `ready` found nothing before the process ended or ``Patience/forAnEvent`` passed.
    ///
    /// All on a thread of its own, so that the signal comes in time: a test that awaited the child
    /// and then signalled could resume seconds late on a busy pool, after the state it waited for passed.
    public func stop<Found: Sendable>(
        by signal: Int32, toAll: Bool = false, once ready: @escaping @Sendable () -> Found?, after delay: Double = 0
    ) async -> (found: Found, seconds: Double)? {
        await offThePool { () -> (found: Found, seconds: Double)? in
            guard let found = Patience.look(until: ready, unless: { self.status != -1 }) else { return nil }
            usleep(useconds_t(delay * 1_000_000))
            let sent = Date()
            if toAll { self.signalAll(signal) } else { self.signal(signal) }
            return (
                found, self.blockUntilEnd(seconds: Patience.forAnEvent) ? Date().timeIntervalSince(sent) : .infinity
            )
        }
    }

    /// Waits for the process to end and its output to close, at most `seconds`
    /// (``Patience/forAnEvent`` by default); whether it did.
    @discardableResult
    public func waitForEnd(seconds: Double = Patience.forAnEvent) async -> Bool {
        await offThePool { self.blockUntilEnd(seconds: seconds) }
    }

    private func blockUntilEnd(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        collected.lock()
        defer { collected.unlock() }
        while !ended { if !collected.wait(until: deadline) { return false } }
        // What it wrote last: its streams close as it ends, unless a child of its own still holds them.
        let drained = min(deadline, Date().addingTimeInterval(2))
        while openStreams > 0 { if !collected.wait(until: drained) { break } }
        return true
    }

    /// Kills the process if a failed expectation left it running.
    public func stop() {
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// The exit status, or -1 while the process runs.
    public var status: Int32 { process.isRunning ? -1 : process.terminationStatus }
    /// Whether a signal ended the process (`false` while it runs).
    public var endedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }
    public var standardOutput: String { collected.withLock { String(decoding: out, as: UTF8.self) } }
    public var standardError: String { collected.withLock { String(decoding: err, as: UTF8.self) } }

    /// A child of the process that runs `name` (its program's name, or one of its arguments, such as
    /// `fuzz-worker`), if one runs now.
    public func child(_ name: String) -> pid_t? {
        ProcessTable.child(of: pid, running: name)
    }

    /// A child running `name` that is in a planted hang, which naps (`usleep`): no other thread of a
    /// worker or evaluator sleeps so.
    public func childInAHang(_ name: String) -> pid_t? {
        child(name).flatMap { ProcessTable.isNapping($0) ? $0 : nil }
    }
}
