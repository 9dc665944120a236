import Foundation
@_spi(Benchmarks) import Tally

/// The cost of a case timeout's read of a child's answer (`ChildProcess.readLine(timeout:)`), beside a
/// read that never looks at the child, on the same child in one run: `tally-bench child-read`.
///
/// Once an answer is slower than an eighth of the timeout, the read looks at the child's threads
/// (`ProcessorWait`: two files of `/proc` per thread), so that a child waiting for a processor on a busy
/// machine is not taken for a hang; past the timeout it looks again every quarter timeout while the
/// child is ready to run and short of processor time. The child is this executable (`child-read-serve`),
/// with as many threads as a `tally fuzz-evaluate` child.
enum ChildReadCost {
    /// The child's side: `READY`, then `SLEEP <ms>` answers `OK` after that long, `THREADS` its thread
    /// count, and `SPIN` never answers, running all the while (a hang that keeps a processor busy).
    static func serve() -> Never {
        for _ in 0..<3 { Thread.detachNewThread { while true { sleep(1_000) } } }
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        say("READY")
        while let line = readLine() {
            if line == "SPIN" {
                // Odd times odd stays odd: never the argument count (2), which the optimizer cannot know.
                var state: UInt64 = 1
                while true {
                    state = state &* 3
                    if state == UInt64(CommandLine.arguments.count) { say("never") }
                }
            } else if line == "THREADS" {
                say(String((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0))
            } else if let milliseconds = UInt32(line.dropFirst("SLEEP ".count)) {
                usleep(milliseconds * 1_000)
                say("OK")
            }
        }
        exit(0)
    }

    static func child() -> BenchmarkChild {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        guard
            let child = try? BenchmarkChild(
                standardStreams: executable, arguments: ["tally-bench", "child-read-serve"])
        else {
            FileHandle.standardError.write(Data("tally-bench: cannot start \(executable) child-read-serve\n".utf8))
            exit(1)
        }
        _ = child.readLine(timeout: .seconds(60), patient: false)  // READY
        return child
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Seconds for `reads` answers each `delay` ms late, read with `timeout` as a case timeout does or not.
    static func answers(_ child: BenchmarkChild, reads: Int, delay: Int, timeout: Duration, patient: Bool) -> Double {
        let start = ContinuousClock.now
        for _ in 0..<reads {
            child.send("SLEEP \(delay)")
            guard child.readLine(timeout: timeout, patient: patient).line == "OK" else {
                FileHandle.standardError.write(Data("tally-bench: the child did not answer in time\n".utf8))
                exit(1)
            }
        }
        return seconds(start.duration(to: .now))
    }

    /// Seconds until a read with `timeout` gives up on a fresh child that spins.
    static func spinningHang(timeout: Duration, patient: Bool) -> Double {
        let child = child()
        defer { child.stop() }
        child.send("SPIN")
        let start = ContinuousClock.now
        _ = child.readLine(timeout: timeout, patient: patient)
        return seconds(start.duration(to: .now))
    }

    static func report(quick: Bool) {
        let rounds = quick ? 2 : 5, reads = quick ? 30 : 100, looks = quick ? 500 : 2_000
        let child = child()
        defer { child.stop() }
        child.send("THREADS")
        let threads = child.readLine(timeout: .seconds(10), patient: false).line ?? "?"
        let timeout = Duration.milliseconds(40)
        var quickPlain: [Double] = [], quickPatient: [Double] = [], slowPlain: [Double] = [], slowPatient: [Double] = []
        var look: [Double] = []
        let hangTimeout = Duration.milliseconds(quick ? 200 : 400)
        var hangPlain: [Double] = [], hangPatient: [Double] = []
        for _ in 0..<rounds {
            quickPlain.append(answers(child, reads: reads, delay: 0, timeout: timeout, patient: false))
            quickPatient.append(answers(child, reads: reads, delay: 0, timeout: timeout, patient: true))
            slowPlain.append(answers(child, reads: reads, delay: 10, timeout: timeout, patient: false))
            slowPatient.append(answers(child, reads: reads, delay: 10, timeout: timeout, patient: true))
            let start = ContinuousClock.now
            for _ in 0..<looks { _ = child.lookAtThreads() }
            look.append(seconds(start.duration(to: .now)))
            hangPlain.append(spinningHang(timeout: hangTimeout, patient: false))
            hangPatient.append(spinningHang(timeout: hangTimeout, patient: true))
        }
        func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        func line(_ name: String, _ plain: [Double], _ patient: [Double]) -> String {
            let (plain, patient) = (plain.min()!, patient.min()!)
            return "\(name): \(reads) answers, plain read \(format(plain / Double(reads) * 1e3, 3)) ms each, "
                + "case-timeout read \(format(patient / Double(reads) * 1e3, 3)) ms each: "
                + "\(format(patient / plain))× (\(format((patient - plain) / Double(reads) * 1e6, 0)) µs per answer)"
        }
        print(
            "A case timeout's read (ChildProcess.readLine(timeout:)) beside a plain read of the same child "
                + "(\(threads) threads); best of \(rounds) interleaved rounds")
        print(line("answers at once, timeout 40 ms", quickPlain, quickPatient))
        print(line("answers after 10 ms (past an eighth), timeout 40 ms", slowPlain, slowPatient))
        print("one look at the child's threads: \(format(look.min()! / Double(looks) * 1e6, 1)) µs")
        let hang = seconds(hangTimeout)
        func range(_ values: [Double]) -> String {
            "\(format(values.min()! * 1e3, 0))–\(format(values.max()! * 1e3, 0)) ms"
        }
        print(
            "a spinning hang, timeout \(format(hang * 1e3, 0)) ms: plain read gives up after \(range(hangPlain)), "
                + "case-timeout read after \(range(hangPatient)): "
                + "\(format(hangPatient.min()! / hang))–\(format(hangPatient.max()! / hang))× the timeout")
    }
}
