/// A child process that answers requests line by line: an evaluator of the ``EvaluationProtocol``, or
/// a `tally check` worker.
package protocol EvaluatorChannel: AnyObject, Sendable {
    /// Sends one request line.
    func send(_ line: String)
    /// The next answer line, `nil` when the child closed its output, or `nil` with `timedOut`.
    func readLine(timeout: Duration) -> (line: String?, timedOut: Bool)
    /// Kills the child at once.
    func kill()
    /// Waits for the child to end and says how.
    func waitForExit() -> ChildEnding
    /// What the child said last about a fatal error, if anything.
    func lastWords() -> String?
}

extension ChildProcess: EvaluatorChannel {}

extension EvaluatorChannel {
    /// Waits up to `timeout` for ``EvaluationProtocol/ready``: `nil` once it came, else why the child is
    /// no use (it is then killed and reaped). A child that ends before it is ready says nothing about a case.
    package func awaitReady(timeout: Duration) -> String? {
        let reply = readLine(timeout: timeout)
        if reply.line == EvaluationProtocol.ready { return nil }
        kill()
        let ending = waitForExit()
        if let line = reply.line { return "answered \"\(line.prefix(200))\" before \(EvaluationProtocol.ready)" }
        if reply.timedOut { return "was not ready within \(timeout)" }
        return "ended with \(ending.description) before it was ready" + (lastWords().map { ":\n" + $0 } ?? "")
    }
}
