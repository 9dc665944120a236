import Foundation
import Tally
import TallyTables

extension CheckWorker {
    /// Runs `row`, one that `selection` selects in a table read with `binding` (the `--as` given, if
    /// any), in the worker, which reads the same rows from the same file (``CheckWorkerRows``): the
    /// row's result, as in process. A row whose engine kills the worker (a trap, a bad access, an
    /// abort) or runs longer than the case timeout fails, saying so, with the runtime's message and the
    /// place of the crash; the rows after it run in a fresh worker. `nil` when the run's stop ended
    /// the worker running the row: the row was not run.
    func run(row: TableRow, binding: String?, selection: RowSelection) async -> RowResult? {
        // A row that cannot run calls no engine.
        guard row.problems.isEmpty, !row.standsForProblems else { return await row.run() }
        switch next(row, binding: binding, selection: selection) {
        case .answered(let result):
            return result
        case .stopped:
            return nil
        case .failed(let reason):
            return .crashed(row, reason)
        case .hung:
            return .crashed(
                row,
                "hung: it ran longer than the \(FuzzJob.seconds(caseTimeout)) case timeout, "
                    + "and the process running it was killed"
            )
        case .crashed(let ending, let words):
            return .crashed(row, explained(row, binding: binding, ending: ending, words: words))
        }
    }

    /// What running a row in a worker came to.
    enum RowOutcome {
        case answered(RowResult)
        /// The row did not run, for `reason` (no worker could start, the table changed, …).
        case failed(String)
        /// The run's stop (Ctrl-C, SIGTERM) ended the worker: the row was not run.
        case stopped
        case hung
        /// The worker died, as `ending` says, having written `words` (``CrashWords``), if any.
        case crashed(ChildEnding, words: String?)
    }

    /// The worker's answer for `row`, asking it for the rows of its table from this one on unless it
    /// is already answering them; what the engine prints is passed on.
    private func next(_ row: TableRow, binding: String?, selection: RowSelection) -> RowOutcome {
        if let stream = rowStream, stream.path != row.path || stream.binding != binding || stream.line >= row.line {
            endRowStream()
        }
        guard let (process, _) = startedWorker() else {
            return .failed("was not run: no worker process could be started to run it")
        }
        if rowStream == nil {
            let request = CheckWorkerRows.Request(
                path: row.path, binding: binding, selection: selection, after: row.line - 1)
            process.send(
                CheckWorkerRows.requestPrefix
                    + String(decoding: (try? JSONEncoder().encode(request)) ?? Data(), as: UTF8.self))
            rowStream = (row.path, binding, row.line - 1)
        }
        var inRow = false
        while true {
            let (line, timedOut) = process.readLine(timeout: patience(inRow: inRow))
            guard let line else {
                if timedOut { process.kill() }
                let ending = process.waitForExit()
                worker = nil
                rowStream = nil
                // Stopped (Ctrl-C, SIGTERM), not crashed: the row was not run.
                if let signal = ending.stopSignal { stop.requestStop(signal: signal) }
                if stop.isStopping, ending.stopSignal != nil || process.wasKilled { return .stopped }
                if timedOut, !inRow {
                    return .failed(
                        "was not run: the worker did not read its way to it within "
                            + "\(FuzzJob.seconds(FuzzJob.startTimeout))")
                }
                return timedOut ? .hung : .crashed(ending, words: process.lastWords())
            }
            if line.hasPrefix(CheckWorkerRows.startPrefix) {
                inRow = true
                continue
            }
            if line == CheckWorkerRows.endLine {
                rowStream = nil
                return .failed(
                    "was not run: \(row.path) changed while it ran, and line \(row.line) "
                        + "no longer holds a row that can run"
                )
            }
            if line.hasPrefix(CheckWorkerRows.refusedPrefix) {
                endRowStream()
                return .failed(
                    "was not run: the worker could not read the request for it: "
                        + "\(line.dropFirst(CheckWorkerRows.refusedPrefix.count).prefix(300))"
                )
            }
            guard line.hasPrefix(CheckWorkerRows.resultPrefix) else {
                console.out(line)  // the engine's own output
                continue
            }
            passOnErrors(process.takeStandardError())
            let answer = try? JSONDecoder().decode(
                CheckWorkerRows.Answer.self, from: Data(line.dropFirst(CheckWorkerRows.resultPrefix.count).utf8))
            guard let answer, answer.line <= row.line else {
                endRowStream()
                return .failed(
                    "was not run: the worker's answer could not be read, or was for another row: \(line.prefix(200))")
            }
            rowStream?.line = answer.line
            inRow = false
            guard answer.line == row.line else { continue }  // a row the supervisor did not ask for: the file changed
            return answer.result.result(for: row).map(RowOutcome.answered)
                ?? .failed("was not run: the worker's answer could not be read")
        }
    }

    /// Reads the rest of the worker's answers for the table it is running, if any, up to its end, so
    /// that the worker is ready for another request; a worker that does not get there is stopped.
    func endRowStream() {
        guard rowStream != nil else { return }
        rowStream = nil
        guard let (process, _) = worker else { return }
        var inRow = false
        while true {
            let (line, _) = process.readLine(timeout: patience(inRow: inRow))
            guard let line else {
                process.kill()
                _ = process.waitForExit()
                worker = nil
                return
            }
            if line == CheckWorkerRows.endLine { return }
            if line.hasPrefix(CheckWorkerRows.startPrefix) {
                inRow = true
            } else if line.hasPrefix(CheckWorkerRows.resultPrefix) {
                inRow = false
            } else {
                console.out(line)
            }
        }
    }

    /// How long to wait for the worker's next line: the case timeout while it runs a row; while it reads
    /// the table to the next row, the time a child is given to start.
    private func patience(inRow: Bool) -> Duration {
        .milliseconds(Int64((inRow ? caseTimeout : FuzzJob.startTimeout) * 1000))
    }

    /// How the crash of `row` is reported: the worker's `ending`, and the runtime's message and the
    /// place of the crash, read from the row run once more alone in a fresh worker that prints the
    /// runtime's backtrace (the backtracer may take seconds to read the symbols, which is no hang).
    private func explained(_ row: TableRow, binding: String?, ending: ChildEnding, words: String?) -> String {
        let explainer = CheckWorker(
            executable: executable, iterations: nil, seed: nil, caseTimeout: max(caseTimeout, 30), console: console,
            backtraces: true)
        var alone = RowSelection()
        alone.locations = [RowSelection.location("\(row.path):\(row.line)")]
        let crashed = "crashed with \(ending.description) while running the row" + (words.map { ":\n" + $0 } ?? "")
        switch explainer.next(row, binding: binding, selection: alone) {
        case .crashed(let again, let explanation):
            return "crashed with \(again.description) while running the row"
                + ((explanation ?? words).map { ":\n" + $0 } ?? "")
        case .answered(let result):
            return crashed
                + "\nrun again alone in a fresh process, "
                + "it did not crash (it \(result.isSuccess ? "passed" : "failed")): the crash needs more than this row"
        case .hung, .failed, .stopped:
            return crashed
        }
    }
}
