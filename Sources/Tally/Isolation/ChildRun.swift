import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process run to its end, its standard output and error collected together, killed after an
/// optional time limit: how `tally mutate` runs `swift`, `git` and each mutant. Started by ``ChildLife``.
package struct ChildRun: Sendable {
    /// How the child ended.
    package var ending: ChildEnding
    /// Standard output and standard error, interleaved.
    package var output: String
    /// Whether the time limit ran out and the child was killed.
    package var timedOut: Bool
    /// Whether a stop request of this process ended the child (``ChildLife/stopAll(grace:)``): its
    /// outcome is unknown.
    package var stopped: Bool
    /// Wall time in seconds.
    package var seconds: Double

    package init(ending: ChildEnding, output: String, timedOut: Bool = false, stopped: Bool = false, seconds: Double) {
        self.ending = ending
        self.output = output
        self.timedOut = timedOut
        self.stopped = stopped
        self.seconds = seconds
    }

    /// Whether the child exited with status 0.
    package var succeeded: Bool { ending == .status(0) }

    /// Runs `command` (the executable's path, its `argv[0]`, then its arguments) with this process's
    /// environment plus `environment`, until it ends or `timeLimit` seconds pass, or `quiet` says it
    /// has made no progress for its seconds (either kill counts as ``timedOut``).
    ///
    /// With `linked`, standard input is a pipe held open until the child ends, so that a child watching
    /// it (`SupervisorLink`) ends when this process is gone; otherwise `/dev/null`. `ownGroup` and
    /// `gentleStop` are ``ChildLife/spawn(_:arguments:environment:descriptors:ownGroup:gentleStop:)``'s.
    package static func run(
        _ command: [String], environment: [String: String] = [:], timeLimit: Double? = nil, quiet: QuietLimit? = nil,
        linked: Bool = false, ownGroup: Bool = false, gentleStop: Int32? = nil
    ) throws -> ChildRun {
        let output = try ChildDescriptors.socketPair()
        var link: (read: Int32, write: Int32) = (-1, -1)
        do {
            if linked { link = try ChildDescriptors.socketPair() }
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        defer {
            close(output.read)
            if link.write >= 0 { close(link.write) }
        }
        let descriptors: [Int32: ChildLife.Descriptor] = [
            0: linked ? .duplicate(link.read) : .open("/dev/null", flags: O_RDONLY),
            1: .duplicate(output.write), 2: .duplicate(output.write),
        ]
        let start = Date()
        let life: ChildLife
        do {
            defer {
                close(output.write)
                if link.read >= 0 { close(link.read) }
            }
            life = try ChildLife.spawn(
                command[0], arguments: command, environment: environment, descriptors: descriptors,
                ownGroup: ownGroup, gentleStop: gentleStop)
        }
        let deadline = timeLimit.map { start.addingTimeInterval($0) }
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ready = [pollfd(fd: output.read, events: Int16(POLLIN), revents: 0)]
        // Progress is the quiet limit's marker moving, and the child's output growing when it counts.
        let progressMarker = { (quiet: QuietLimit) in
            quiet.marker() &+ (quiet.countsOutput ? Int64(collected.count) : 0)
        }
        var progress = quiet.map { (marker: progressMarker($0), since: start, looked: start) }
        while true {
            let now = Date()
            if let deadline, now >= deadline { life.kill(.timeLimit) }
            if let quiet, let last = progress, now.timeIntervalSince(last.looked) >= 0.1 {
                let marker = progressMarker(quiet)
                progress = marker == last.marker ? (marker, last.since, now) : (marker, now, now)
                if marker == last.marker, now.timeIntervalSince(last.since) >= quiet.seconds { life.kill(.timeLimit) }
            }
            let wait = deadline.map { max(1, min(100, Int32($0.timeIntervalSinceNow * 1000))) } ?? 100
            let polled = poll(&ready, 1, wait)
            if polled > 0 {
                let count = read(output.read, &chunk, chunk.count)
                if count > 0 {
                    collected += chunk[..<count]
                    continue
                }
                if count == 0 || errno != EINTR { break }
            } else if polled == 0, life.hasEnded {
                // Ended, and quiet for a tenth of a second: a grandchild may hold the output open.
                break
            }
        }
        let ending = life.waitForExit()
        let killed = life.killedBecause
        return ChildRun(
            ending: ending, output: String(decoding: collected, as: UTF8.self), timedOut: killed == .timeLimit,
            stopped: killed == .request, seconds: Date().timeIntervalSince(start))
    }
}

extension ChildRun {
    /// How long a child may go without progress: for a run whose length is not known beforehand (a
    /// whole test suite) but whose hang shows as silence, such as a file of events that stops growing.
    package struct QuietLimit: Sendable {
        /// Seconds without progress before the child is killed as timed out.
        package var seconds: Double
        /// A value that changes whenever the child makes progress; read ten times a second.
        package var marker: @Sendable () -> Int64
        /// Whether the child's standard output and error growing is progress too.
        package var countsOutput = false

        package init(seconds: Double, marker: @escaping @Sendable () -> Int64) {
            (self.seconds, self.marker) = (seconds, marker)
        }

        /// Progress is the child's own output growing: for a child that prints as it goes, such as an
        /// XCTest run, which prints a line as each test case starts and ends.
        package static func output(seconds: Double) -> QuietLimit {
            var limit = QuietLimit(seconds: seconds) { 0 }
            limit.countsOutput = true
            return limit
        }

        /// Progress is `path` growing (a file the child appends to; one not yet made has size 0).
        package static func growing(_ path: String, seconds: Double) -> QuietLimit {
            QuietLimit(seconds: seconds) {
                var status = stat()
                return stat(path, &status) == 0 ? Int64(status.st_size) : 0
            }
        }
    }
}
