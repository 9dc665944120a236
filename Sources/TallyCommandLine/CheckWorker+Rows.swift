import Foundation
import Tally
import TallyTables

extension CheckWorker {
    /// Runs `row` (read with `binding`, the `--as` given, if any) in the worker, which reads the same
    /// row from the same file: the row's result, as in process. A row whose engine kills the worker
    /// (a trap, a bad access, an abort) or runs longer than the case timeout fails, saying so, with
    /// the runtime's message and the place of the crash; the next row runs in a fresh worker.
    func run(row: TableRow, binding: String?) async -> RowResult {
        // A row that cannot run calls no engine.
        guard row.problems.isEmpty, !row.standsForProblems else { return await row.run() }
        switch exchange(row, binding: binding) {
        case .answered(let result):
            return result
        case .failed(let reason):
            return .crashed(row, reason)
        case .hung:
            return .crashed(row, "hung: it ran longer than the \(FuzzJob.seconds(caseTimeout)) case timeout, and the process running it was killed")
        case .crashed(let ending, let words):
            return .crashed(row, explained(row, binding: binding, ending: ending, words: words))
        }
    }

    /// What running a row in a worker came to.
    enum RowOutcome {
        case answered(RowResult)
        /// The row did not run, for `reason` (no worker could start, the table changed, …).
        case failed(String)
        case hung
        /// The worker died, as `ending` says, having written `words` (``CrashWords``), if any.
        case crashed(ChildEnding, words: String?)
    }

    /// Sends `row` to the worker and waits for its answer, passing on what the engine prints.
    private func exchange(_ row: TableRow, binding: String?) -> RowOutcome {
        guard let (process, _) = startedWorker() else { return .failed("was not run: no worker process could be started to run it") }
        let request = CheckWorkerRows.Request(path: row.path, binding: binding, line: row.line, id: row.id)
        process.send(CheckWorkerRows.requestPrefix + String(decoding: (try? JSONEncoder().encode(request)) ?? Data(), as: UTF8.self))
        while true {
            let (line, timedOut) = process.readLine(timeout: .milliseconds(Int64(caseTimeout * 1000)))
            if let line {
                if let record = line.dropPrefix(CheckWorkerRows.resultPrefix) {
                    passOnErrors(process.takeStandardError())
                    let decoded = try? JSONDecoder().decode(RowResultRecord.self, from: Data(record.utf8))
                    return decoded?.result(for: row).map(RowOutcome.answered) ?? .failed("was not run: the worker's answer could not be read: \(line.prefix(200))")
                }
                if let reason = line.dropPrefix(CheckWorkerRows.missingPrefix) {
                    passOnErrors(process.takeStandardError())
                    return .failed("was not run: \(reason)")
                }
                console.out(line)  // the engine's own output
                continue
            }
            if timedOut { process.kill() }
            let ending = process.waitForExit()
            worker = nil
            return timedOut ? .hung : .crashed(ending, words: process.lastWords())
        }
    }

    /// How the crash of `row` is reported: the worker's `ending`, and the runtime's message and the
    /// place of the crash, read from the row run once more alone in a fresh worker that prints the
    /// runtime's backtrace (the backtracer may take seconds to read the symbols, which is no hang).
    private func explained(_ row: TableRow, binding: String?, ending: ChildEnding, words: String?) -> String {
        let explainer = CheckWorker(
            executable: executable, iterations: nil, seed: nil, caseTimeout: max(caseTimeout, 30), console: console, backtraces: true)
        switch explainer.exchange(row, binding: binding) {
        case .crashed(let again, let explanation):
            return "crashed with \(again.description) while running the row" + ((explanation ?? words).map { ":\n" + $0 } ?? "")
        case .answered(let result):
            return "crashed with \(ending.description) while running the row" + (words.map { ":\n" + $0 } ?? "")
                + "\nrun again alone in a fresh process, it did not crash (it \(result.isSuccess ? "passed" : "failed")): the crash needs more than this row"
        case .hung, .failed:
            return "crashed with \(ending.description) while running the row" + (words.map { ":\n" + $0 } ?? "")
        }
    }
}

extension String {
    /// The rest of the string after `prefix`; `nil` when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
