import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A long-lived child process that answers requests line by line over a socket, for evaluating cases
/// that may crash or hang it. Reads have a time limit, so a hung child can be told from a slow one.
///
/// The socket is a descriptor of its own in the child (named to it through its environment), or its
/// standard input and output. The end of its standard error is kept, so that a crash can be explained
/// by the runtime's last words. It stays in this process's group, so that Control-C reaches it too.
package final class ChildProcess: @unchecked Sendable {
    private let channel: Int32
    private let errors: Int32
    let life: ChildLife
    private var pending: [UInt8] = []
    private var channelClosed = false
    private var errorTail: [UInt8] = []
    private var unreadErrors: [UInt8] = []

    /// Starts `executable` with `arguments` (its `argv`) and this process's environment plus
    /// `environment(channel)`, told the descriptor on which the child reads requests and writes answers.
    package convenience init(
        executable: String, arguments: [String], environment: (_ channel: Int32) -> [String: String]
    ) throws {
        try self.init(
            executable: executable, arguments: arguments, channelOnStandardStreams: false, environment: environment)
    }

    /// Starts `executable` with requests on its standard input and answers on its standard output: a
    /// child that sees its standard input end knows that this process is gone.
    package convenience init(
        standardStreams executable: String, arguments: [String], environment: [String: String] = [:]
    ) throws {
        try self.init(executable: executable, arguments: arguments, channelOnStandardStreams: true) { _ in environment }
    }

    private init(
        executable: String, arguments: [String], channelOnStandardStreams: Bool,
        environment: (Int32) -> [String: String]
    ) throws {
        let sockets = try ChildDescriptors.socketPair()
        let errorPipe: (read: Int32, write: Int32)
        do {
            errorPipe = try ChildDescriptors.socketPair()
        } catch {
            close(sockets.read)
            close(sockets.write)
            throw error
        }
        channel = sockets.read
        errors = errorPipe.read
        var descriptors: [Int32: ChildLife.Descriptor] = [2: .duplicate(errorPipe.write)]
        let childChannel: Int32
        if channelOnStandardStreams {
            childChannel = 0
            descriptors[0] = .duplicate(sockets.write)
            descriptors[1] = .duplicate(sockets.write)
        } else {
            // Above every descriptor used here, so that the spawn's dup2 overwrites none of its sources.
            childChannel = max(sockets.write, errorPipe.write) + 1
            descriptors[0] = .open("/dev/null", flags: O_RDONLY)
            descriptors[1] = .open("/dev/null", flags: O_WRONLY)
            descriptors[childChannel] = .duplicate(sockets.write)
        }
        defer {
            close(sockets.write)
            close(errorPipe.write)
        }
        do {
            life = try ChildLife.spawn(
                executable, arguments: arguments, environment: environment(childChannel), descriptors: descriptors)
        } catch {
            close(channel)
            close(errors)
            throw error
        }
    }

    deinit {
        kill()
        _ = waitForExit()
        close(channel)
        close(errors)
    }

    /// Sends one line; a child that is gone is noticed by the next read (and raises no SIGPIPE here).
    package func send(_ line: String) {
        ChildDescriptors.send(Array((line + "\n").utf8), to: channel)
    }

    /// The next answer line; `nil` when the child closed its channel, or `nil` with `timedOut`.
    ///
    /// Past `timeout`, a child that is ready to run but has had less than `timeout` of processor time
    /// since the read began is waiting for a processor (``ProcessorWait``), not hanging: it gets more
    /// time, up to nine times `timeout` or 10 s, whichever is longer. On a busy machine a case that
    /// trapped at once was taken for a hang. An answer that came while this process itself waited for a
    /// processor is still read.
    package func readLine(timeout: Duration) -> (line: String?, timedOut: Bool) {
        readLine(timeout: timeout, patient: true)
    }

    /// The next answer line, waiting at most `wait` whatever the child does: a look, not a case timeout.
    package func readLine(waitingAtMost wait: Duration) -> (line: String?, timedOut: Bool) {
        readLine(timeout: wait, patient: false)
    }

    private func readLine(timeout: Duration, patient: Bool) -> (line: String?, timedOut: Bool) {
        let start = ContinuousClock.now
        let latest = start + timeout + max(timeout * 9, .seconds(10))
        var deadline = start + timeout
        // Looked at only once an answer is slow (an eighth of the timeout), so a quick one costs nothing;
        // that first eighth is counted as run, or a case that spins would get another step past its
        // timeout (tally-bench child-read: a spinning hang took 1.25 timeouts). No more than an eighth:
        // a look this process was late to take must not count its own wait against the child.
        var before: (sample: ProcessorWait, unmeasured: Duration)?
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return (line, false)
            }
            if channelClosed { return (nil, false) }
            let now = ContinuousClock.now
            if let before, now >= deadline, now < latest,
                ProcessorWait.of(life).isWaiting(since: before.sample, unmeasured: before.unmeasured, timeout: timeout)
            {
                deadline = min(now + max(timeout / 4, .milliseconds(10)), latest)
            }
            let left = now.duration(to: deadline)
            if left <= .zero {
                // A last look: the answer may have come while this process waited for a processor.
                if !awaitAnswer(milliseconds: 0) { return (nil, true) }
            } else if before == nil, patient {
                awaitAnswer(milliseconds: Int32(max(1, min(left, timeout / 8).milliseconds)))
                if !pending.contains(10), !channelClosed {
                    before = (ProcessorWait.of(life), min(start.duration(to: .now), timeout / 8))
                }
            } else {
                awaitAnswer(milliseconds: Int32(max(1, left.milliseconds)))
            }
        }
    }

    /// Waits up to `milliseconds` for the child to write, and reads what it wrote; whether it wrote.
    @discardableResult
    private func awaitAnswer(milliseconds: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: channel, events: Int16(POLLIN), revents: 0),
            pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&descriptors, 2, milliseconds) > 0 else { return false }
        if descriptors[1].revents != 0 { drainErrors() }
        guard descriptors[0].revents != 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(channel, &chunk, chunk.count)
        if count > 0 { pending += chunk[..<count] } else if count == 0 || errno != EINTR { channelClosed = true }
        return true
    }

    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var ready = [pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        while poll(&ready, 1, 0) > 0, ready[0].revents != 0 {
            let count = read(errors, &chunk, chunk.count)
            guard count > 0 else { return }
            errorTail += chunk[..<count]
            unreadErrors += chunk[..<count]
            if unreadErrors.count > 65_536 { unreadErrors.removeFirst(unreadErrors.count - 65_536) }
            if errorTail.count > 65_536 { errorTail.removeFirst(errorTail.count - 65_536) }
        }
    }

    /// What the child wrote to its standard error since the last call (its last 64 KiB at most).
    package func takeStandardError() -> String {
        drainErrors()
        defer { unreadErrors.removeAll() }
        return String(decoding: unreadErrors, as: UTF8.self)
    }

    /// What the child's standard error says about its death (``CrashWords``).
    package func lastWords() -> String? {
        drainErrors()
        return CrashWords.read(String(decoding: errorTail, as: UTF8.self))
    }

    /// Kills the child at once, unless it has already ended.
    package func kill() {
        killRequested.withLock { $0 = true }
        life.kill()
    }

    /// Whether ``kill()`` was called: the child did not die of its own case.
    package var wasKilled: Bool { killRequested.withLock { $0 } }
    private let killRequested = Mutex(false)

    /// Waits for the child to end and says how.
    package func waitForExit() -> ChildEnding { life.waitForExit() }

    /// The `SWIFT_BACKTRACE` of a child that evaluates cases: with `backtraces`, a crash prints the
    /// crashed thread's backtrace, from which ``lastWords()`` takes the place of the crash; without,
    /// the child starts and dies faster.
    package static func backtraceSetting(_ backtraces: Bool) -> String {
        backtraces
            ? "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=24,top=20"
            : "enable=no"
    }
}
