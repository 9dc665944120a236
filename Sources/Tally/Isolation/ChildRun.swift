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
    /// environment plus `environment`, until it ends or `timeLimit` seconds pass.
    ///
    /// With `linked`, standard input is a pipe held open until the child ends, so that a child watching
    /// it (`SupervisorLink`) ends when this process is gone; otherwise `/dev/null`. `ownGroup` and
    /// `gentleStop` are ``ChildLife/spawn(_:arguments:environment:descriptors:ownGroup:gentleStop:)``'s.
    package static func run(
        _ command: [String], environment: [String: String] = [:], timeLimit: Double? = nil,
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
            life = try ChildLife.spawn(command[0], arguments: command, environment: environment, descriptors: descriptors,
                                       ownGroup: ownGroup, gentleStop: gentleStop)
        }
        let deadline = timeLimit.map { start.addingTimeInterval($0) }
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ready = [pollfd(fd: output.read, events: Int16(POLLIN), revents: 0)]
        while true {
            if let deadline, Date() >= deadline { life.kill(.timeLimit) }
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
        return ChildRun(ending: ending, output: String(decoding: collected, as: UTF8.self), timedOut: killed == .timeLimit,
                        stopped: killed == .request, seconds: Date().timeIntervalSince(start))
    }
}
