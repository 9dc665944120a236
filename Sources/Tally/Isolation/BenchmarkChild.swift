/// A child process for `tally-bench child-read`, which times a case timeout's read
/// (``ChildProcess/readLine(timeout:)``, which looks at the child's threads once an answer is slow) beside
/// a read that never looks, on the same child, from another package.
@_spi(Benchmarks) public final class BenchmarkChild: Sendable {
    private let process: ChildProcess

    /// Starts `executable` with `arguments` (its `argv`), requests on its standard input.
    public init(standardStreams executable: String, arguments: [String]) throws {
        process = try ChildProcess(standardStreams: executable, arguments: arguments)
    }

    public func send(_ line: String) { process.send(line) }

    /// The next answer: as a case timeout reads it (`patient`), or waiting at most `timeout` whatever
    /// the child does.
    public func readLine(timeout: Duration, patient: Bool) -> (line: String?, timedOut: Bool) {
        patient ? process.readLine(timeout: timeout) : process.readLine(waitingAtMost: timeout)
    }

    /// Looks at the child's threads once, as a slow read does (``ProcessorWait``): whether one is ready to run.
    public func lookAtThreads() -> Bool { ProcessorWait.of(process.life).isRunnable }

    /// Kills the child and waits for it.
    public func stop() {
        process.kill()
        _ = process.waitForExit()
    }
}
