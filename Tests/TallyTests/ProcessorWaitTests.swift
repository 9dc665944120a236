import Foundation
import Testing

@testable import Tally

/// ``ProcessorWait``: a case timeout does not count the time a child waited for a processor.
@Suite struct ProcessorWaitTests {
    /// The first processor this process may run on, from `Cpus_allowed_list` (`0-1`, `2,5`).
    static func firstAllowedProcessor() throws -> String {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return String(
            line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
    }

    /// A child that needs about 50 ms of processor time answers late when it shares its processor with a
    /// busy process at a higher priority (about a tenth of the processor is left to it, so about half a
    /// second on a quiet machine): it waits, it does not hang, and a 300 ms timeout must wait for its
    /// answer. Not `nice -n 19`: on a machine busy with other work too (a build beside the suite), the
    /// child's share fell so low that it used up the extension's 10 s before its answer. Before, it was taken for a
    /// hang, as a trapping table row was under `tally check --case-timeout 0.25s` on a loaded machine.
    @Test func aChildWaitingForAProcessorIsNotTakenForAHang() async throws {
        #if !os(Linux)
        return  // ProcessorWait reads Linux's scheduler statistics; elsewhere a timeout is wall-clock time.
        #endif
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset"), "taskset (util-linux) pins the child")
        let processor = try Self.firstAllowedProcessor()
        let hog = try ChildProcess(
            standardStreams: "/usr/bin/taskset",
            arguments: ["taskset", "-c", processor, "/bin/sh", "-c", "while :; do :; done"])
        defer { hog.kill() }
        let work = "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done; echo done"
        let child = try ChildProcess(
            standardStreams: "/usr/bin/taskset",
            arguments: ["taskset", "-c", processor, "/usr/bin/nice", "-n", "10", "/bin/sh", "-c", work])
        defer { child.kill() }
        let started = ContinuousClock.now
        let answer = await offThePool { child.readLine(timeout: .milliseconds(300)) }
        let took = started.duration(to: .now)
        #expect(answer.line == "done" && !answer.timedOut, "after \(took)")
        // The child did wait: without counting its wait, the answer came after the timeout.
        #expect(took > .milliseconds(300), "the child answered in \(took): it did not wait for a processor")
    }

    /// A child that ran throughout the read is not waiting, though the read first looked at it an eighth
    /// into the timeout: that eighth counts as run. Before, it did not, and every case that spins got
    /// another quarter timeout (tally-bench child-read: a spinning hang gave up after 1.25 timeouts).
    @Test func aChildThatRanThroughoutIsNotWaitingForAProcessor() {
        let timeout = Duration.milliseconds(400), eighth = Duration.milliseconds(50)
        let baseline = ProcessorWait(isRunnable: true, processorTime: .seconds(7))
        func after(_ ran: Duration, runnable: Bool = true) -> ProcessorWait {
            ProcessorWait(isRunnable: runnable, processorTime: baseline.processorTime + ran)
        }
        #expect(!after(.milliseconds(350)).isWaiting(since: baseline, unmeasured: eighth, timeout: timeout))
        // Nearly throughout (a processor is shared with this process too): it had its time.
        #expect(!after(.milliseconds(340)).isWaiting(since: baseline, unmeasured: eighth, timeout: timeout))
        // Half the time: it waited for a processor, and gets more.
        #expect(after(.milliseconds(175)).isWaiting(since: baseline, unmeasured: eighth, timeout: timeout))
        #expect(!after(.zero, runnable: false).isWaiting(since: baseline, unmeasured: eighth, timeout: timeout))
    }

    @Test func aNappingChildIsNotWaitingForAProcessor() async throws {
        let child = try ChildProcess(standardStreams: "/bin/sleep", arguments: ["sleep", "30"])
        defer { child.kill() }
        let (answer, took) = await offThePool {
            let started = ContinuousClock.now
            return (child.readLine(timeout: .milliseconds(200)), started.duration(to: .now))
        }
        let sample = ProcessorWait.of(child.life)
        let stat = (try? String(contentsOfFile: "/proc/\(child.life.runningID ?? 0)/stat", encoding: .utf8)) ?? "-"
        #expect(answer.line == nil && answer.timedOut)
        #expect(took < .seconds(2), "a napping child got more time, as if it waited for a processor \(sample) \(stat)")
        child.kill()
        _ = child.waitForExit()
        #expect(ProcessorWait.of(child.life) == ProcessorWait(), "an ended child")
    }
}
