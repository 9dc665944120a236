import Foundation

/// The built `tally` executable, run in a folder with the planted-bug spec enabled, watched from
/// outside: its output, its children (from /proc), the files they hold open, signals sent to it.
final class TallyProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let collected = NSCondition()
    private var out = Data()
    private var err = Data()
    private var openStreams = 2

    /// The `tally` next to the test bundle (SwiftPM builds it: the tests depend on it).
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tally")
        return FileManager.default.fileExists(atPath: beside.path) ? beside : URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/tally")
    }

    init(_ arguments: [String], in folder: String, environment extra: [String: String] = [:], executable: URL = TallyProcess.executable) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["TALLY_PLANTED_BUGS"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        // The test runner's threads may block SIGINT and SIGTERM, and a child inherits the mask: a shell
        // would never see them. Started as from a terminal, with none blocked.
        var stopSignals = sigset_t(), mask = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        try process.run()
        // Blocking reads on threads of their own: a readability handler may miss the end of a stream.
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    collected.withLock {
                        if count > 0 {
                            if isOutput { out.append(contentsOf: buffer[0..<count]) } else { err.append(contentsOf: buffer[0..<count]) }
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

    var pid: pid_t { process.processIdentifier }

    /// Sends `signal` to tally.
    func signal(_ signal: Int32) { kill(pid, signal) }

    /// Sends `signal` to tally and every process under it, the deepest first: what Control-C or a CI's
    /// cancel does (the process group gets it), with the children's endings ahead of tally's own
    /// handler, the order that tells an interrupted child from a crashed one hardest.
    func signalAll(_ signal: Int32) {
        func tree(_ pid: pid_t) -> [pid_t] { ProcessTable.children(of: pid).flatMap(tree) + [pid] }
        for pid in tree(self.pid) { kill(pid, signal) }
    }

    /// Sends `signal` (to every process under tally too, with `toAll`) and waits for tally to end: the
    /// seconds it took, or infinity if it still ran 15 s later.
    func secondsToStop(after signal: Int32, toAll: Bool = false) -> Double {
        let sent = Date()
        if toAll { signalAll(signal) } else { self.signal(signal) }
        return wait(seconds: 15) ? Date().timeIntervalSince(sent) : .infinity
    }

    /// Waits up to `seconds` for tally to end and its output to close; whether it did.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return false }
        collected.lock()
        defer { collected.unlock() }
        while openStreams > 0 { if !collected.wait(until: deadline.addingTimeInterval(2)) { break } }
        return true
    }

    /// Kills tally if a failed expectation left it running.
    func stop() {
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// The exit status, or -1 while tally runs.
    var status: Int32 { process.isRunning ? -1 : process.terminationStatus }
    /// Whether a signal ended tally (`false` while it runs).
    var endedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }
    var standardOutput: String { collected.withLock { String(decoding: out, as: UTF8.self) } }
    var standardError: String { collected.withLock { String(decoding: err, as: UTF8.self) } }

    /// Waits up to `seconds` for a child of tally whose command line contains `name`; its process ID.
    func waitForChild(_ name: String, seconds: Double) -> pid_t? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let child = ProcessTable.children(of: pid).first(where: { ProcessTable.commandLine($0).contains(name) }) { return child }
            usleep(20_000)
        }
        return nil
    }
}

/// What /proc says about processes.
enum ProcessTable {
    /// The running children of `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { stat($0)?.parent == parent }
    }

    /// The state letter and parent of `pid`, from `/proc/PID/stat`; `nil` when it is gone.
    static func stat(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }

    /// The processor time `pid` has used, in clock ticks (utime + stime).
    static func cpuTicks(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    /// Whether `pid` is alive: present and not a zombie waiting to be reaped.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let state = stat(pid)?.state else { return false }
        return state != "Z" && state != "X"
    }

    static func commandLine(_ pid: pid_t) -> String {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
    }

    /// The files `pid` holds open or mapped, by path.
    static func files(of pid: pid_t) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)
        }
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        let mapped = maps.split(separator: "\n").compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
        return open + mapped
    }
}
