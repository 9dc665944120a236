#if os(Linux)
import Foundation
import Glibc

/// A child process that answers requests line by line over a socket of its own, for evaluating cases
/// that may crash or hang it. Its standard output is discarded and the end of its standard error is
/// kept, so that a crash can be explained by the runtime's last words ("Fatal error: …").
///
/// The child is spawned from a thread that lives exactly as long as the child and waits for it, so a
/// child that asks to die with its parent (`PR_SET_PDEATHSIG`, which tracks the spawning thread) dies
/// only with this process. It stays in this process's group, so that Control-C reaches it too.
final class ChildProcess: @unchecked Sendable {
    private let channel: Int32
    private let errors: Int32
    private let life = ChildLife()
    private var pending: [UInt8] = []
    private var channelClosed = false
    private var errorTail: [UInt8] = []

    /// Starts `executable` with this process's environment plus `environment(descriptor)`, which is
    /// told the descriptor on which the child reads requests and writes answers.
    init(executable: String, arguments: [String], environment: (_ channel: Int32) -> [String: String]) throws {
        var sockets: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0]
        // Sockets rather than pipes: created close-on-exec atomically, and `send` raises no SIGPIPE.
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &sockets) == 0 else {
            throw ChildProcessError(reason: "cannot create a socket pair: \(String(cString: strerror(errno)))")
        }
        guard socketpair(AF_UNIX, kind, 0, &errorPipe) == 0 else {
            close(sockets[0])
            close(sockets[1])
            throw ChildProcessError(reason: "cannot create a socket pair: \(String(cString: strerror(errno)))")
        }
        channel = sockets[0]
        errors = errorPipe[0]
        // Above every descriptor used here, so that the spawn's dup2 overwrites none of its sources.
        let childChannel = max(sockets[1], errorPipe[1]) + 1
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment(childChannel) { merged[key] = value }
        let argv = arguments, envp = merged.map { "\($0.key)=\($0.value)" }
        let (life, ends) = (life, (channel: sockets[1], target: childChannel, errors: errorPipe[1]))
        Thread.detachNewThread { life.spawnAndWait(executable, argv, envp, ends) }
        let failed = life.started()
        close(ends.channel)
        close(ends.errors)
        if failed != 0 {
            close(channel)
            close(errors)
            throw ChildProcessError(reason: "cannot start \(executable): \(String(cString: strerror(failed)))")
        }
    }

    deinit {
        kill()
        _ = waitForExit()
        close(channel)
        close(errors)
    }

    /// Sends one line; a child that is gone is noticed by the next read (and raises no SIGPIPE here).
    func send(_ line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next answer line; `nil` when the child closed its channel (it ended), or `nil` with
    /// `timedOut` when no line came within `timeout`.
    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return (line, false)
            }
            if channelClosed { return (nil, false) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return (nil, true) }
            var descriptors = [pollfd(fd: channel, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, Int32(max(1, left.milliseconds))) > 0 else { continue }
            if descriptors[1].revents != 0 { drainErrors() }
            if descriptors[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(channel, &chunk, chunk.count)
                if count > 0 { pending += chunk[..<count] } else if count == 0 || errno != EINTR { channelClosed = true }
            }
        }
    }

    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var ready = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        while poll(&ready, 1, 0) > 0, ready[0].revents != 0 {
            let count = read(errors, &chunk, chunk.count)
            guard count > 0 else { return }
            errorTail += chunk[..<count]
            if errorTail.count > 65_536 { errorTail.removeFirst(errorTail.count - 65_536) }
        }
    }

    /// What the child's standard error says about its death: the Swift runtime's message
    /// ("Fatal error: …", "Swift runtime failure: …") and, when the backtracer ran, where it crashed.
    func lastWords() -> String? {
        drainErrors()
        let lines = String(decoding: errorTail, as: UTF8.self).split(separator: "\n")
        let message = lines.first { line in
            !line.contains(" 0x") && ["Fatal error", "Precondition failed", "Assertion failed", "Swift runtime failure", "Program crashed"].contains { line.contains($0) }
        }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "* ")) }
        // The first frame of the crashed thread in code with a source file, as the backtracer prints it:
        // `  1   0x… closure #1 in Suite.test() + 40 in Binary at /path/File.swift:17:19`
        let crashed = lines.firstIndex { $0.hasSuffix(" crashed:") }.map { lines[$0...] } ?? []
        let frame = crashed.first { $0.contains(" at /") && !$0.contains("[system]") && !$0.contains("<compiler-generated>") }
        let location = frame.flatMap { frame -> String? in
            guard let at = frame.range(of: " at /", options: .backwards), let address = frame.range(of: " 0x") else { return nil }
            var path = String(frame[frame.index(after: at.lowerBound)...].dropFirst(3))
            let directory = FileManager.default.currentDirectoryPath + "/"
            if path.hasPrefix(directory) { path.removeFirst(directory.count) }
            let symbol = frame[address.upperBound...].drop { !$0.isWhitespace }.drop { $0.isWhitespace }
            let function = symbol.range(of: " + ").map { symbol[..<$0.lowerBound] } ?? symbol
            // A crash inside a macro's expansion (`#expect(a * b > 0)`) has no place in the user's files.
            return path.contains("@__swiftmacro_") ? "in \(function), inside a macro's expansion" : "at \(path), in \(function)"
        }
        let words = [message, location].compactMap { $0 }
        return words.isEmpty ? nil : words.joined(separator: "\n")
    }

    /// Kills the child at once, unless it has already ended.
    func kill() { life.kill() }

    /// Waits for the child to end and says how.
    func waitForExit() -> ChildEnding { life.waitForExit() }
}

/// A child's process id and how it ended, shared with the thread that spawned it and waits for it.
private final class ChildLife: @unchecked Sendable {
    private let state = NSCondition()
    private var pid: pid_t = 0
    private var ending: ChildEnding?
    private var spawnError: Int32 = 0

    /// Waits until the child is spawned; the error number when it could not be, else 0.
    func started() -> Int32 {
        state.lock()
        defer { state.unlock() }
        while pid == 0 && spawnError == 0 { state.wait() }
        return spawnError
    }

    /// Runs on the child's own thread: spawns it, then waits for it to end.
    func spawnAndWait(_ executable: String, _ arguments: [String], _ environment: [String], _ ends: (channel: Int32, target: Int32, errors: Int32)) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends.errors, 2)
        posix_spawn_file_actions_adddup2(&actions, ends.channel, ends.target)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let pointers = (arguments + environment).map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let argv = Array(pointers[..<arguments.count]) + [nil], envp = Array(pointers[arguments.count...]) + [nil]
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        state.lock()
        if result == 0 { pid = child } else { spawnError = result }
        state.broadcast()
        state.unlock()
        guard result == 0 else { return }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        state.lock()
        // WIFSIGNALED and WTERMSIG, which Swift does not import.
        ending = status & 0x7F != 0 && status & 0x7F != 0x7F ? .signal(status & 0x7F) : .status((status >> 8) & 0xFF)
        state.broadcast()
        state.unlock()
    }

    func kill() {
        state.lock()
        if ending == nil, pid > 0 { Glibc.kill(pid, SIGKILL) }
        state.unlock()
    }

    func waitForExit() -> ChildEnding {
        state.lock()
        defer { state.unlock() }
        while ending == nil && spawnError == 0 { state.wait() }
        return ending ?? .status(127)
    }
}

/// Asks the kernel to SIGKILL this process when its parent dies, however the parent ends:
/// `prctl(PR_SET_PDEATHSIG, SIGKILL)`. For a child, to call first; it then checks that its parent is
/// still the one that started it, which may have died before the request was made. `prctl` is variadic,
/// which Swift does not import; its arguments are all integers, passed the same way to a variadic and a
/// fixed-argument function.
package func dieWithParent() {
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    guard let symbol = dlsym(nil, "prctl") else { return }
    let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG
    _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
}

/// A child process that could not be started.
struct ChildProcessError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
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

    package static let names: [Int32: String] = [
        2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM",
    ]
}
