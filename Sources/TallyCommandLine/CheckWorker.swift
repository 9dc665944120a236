import Foundation
import Tally

/// `tally check`'s properties, run one at a time in a worker process (`tally check-worker`), so that
/// a case which traps, aborts or hangs costs the worker, not the run: the property is reported as
/// failed with its case recovered and shrunk (``CheckRecovery``), and the next property runs in a
/// fresh worker. The table rows of `tally check` and `tally tables run` run in it too, a table at a
/// time, each row's result read as the row is (``run(row:binding:selection:)``).
///
/// A property that does not crash runs in the worker exactly as it would in process (same seed,
/// cases, counterexample and token); its result comes back whole (``PropertyResultRecord``). The
/// worker is watched through a flight recorder, as `tally fuzz` watches its workers: a case that
/// runs longer than the case timeout, with no case started or replayed meanwhile, is a hang.
final class CheckWorker {
    let executable: String
    let arguments: [String]
    let caseTimeout: Double
    let console: Console
    /// Whether a worker that crashes prints the runtime's backtrace, from which ``ChildProcess/lastWords()``
    /// takes the runtime's message and the place of the crash: slower to die, for explaining a crash.
    let backtraces: Bool
    var worker: (process: ChildProcess, flight: FlightMemory)?
    /// The table whose rows the worker is running and answering, and the last line answered.
    var rowStream: (path: String, binding: String?, line: Int)?

    /// A worker started by `executable` (this tool), running properties with `iterations` and `seed`
    /// as `tally check` was given them, the rest of its settings from the environment it inherits.
    init(executable: String, iterations: Int?, seed: UInt64?, caseTimeout: Double, console: Console, backtraces: Bool = false) {
        self.executable = executable
        arguments = (iterations.map { ["--iterations", String($0)] } ?? []) + (seed.map { ["--seed", String($0)] } ?? [])
        self.caseTimeout = caseTimeout
        self.console = console
        self.backtraces = backtraces
    }

    /// Runs `property`, the catalog's property at `index`, with `configuration` (the one the worker
    /// uses too): what it found, or what recovering the case that killed or hung the worker found.
    func run(index: Int, property: Property, configuration: RunConfiguration) async -> PropertyResult {
        let started = Date()
        endRowStream()
        guard let (process, flight) = startedWorker() else {
            return CheckRecovery.unrecoverable(property, configuration, "no worker process could be started to run it")
        }
        let casesBefore = flight.read()?.casesStarted ?? 0
        var answer: PropertyResult?
        process.send("RUN \(index)")
        let watched = WorkerWatch.watch(process, activity: { flight.activity() ?? 0 }, patience: { _ in caseTimeout }) { line in
            switch Answer(line) {
            case .output:
                console.out(line)  // the property's own output
                return .read
            case .result(let result):
                answer = result
            case .unreadable:
                answer = CheckRecovery.unrecoverable(property, configuration, "the worker's result could not be read: \(line.prefix(200))")
            }
            return .done
        }
        if let answer {
            passOnErrors(process.takeStandardError())
            return answer
        }
        let hung = watched == .hung
        let ending = process.waitForExit()
        let errors = process.takeStandardError()
        let recorded = flight.read()
        worker = nil
        let recovery = CheckRecovery(
            executable: executable, index: index, property: property, configuration: configuration, caseTimeout: caseTimeout)
        return await recovery.recover(
            crash: hung ? nil : ending, announced: Self.announcedCase(errors), flightStart: recorded?.start,
            casesStarted: Int((recorded?.casesStarted ?? casesBefore) - casesBefore), started: started)
    }

    /// The running worker, or a new one once it said it is ready.
    func startedWorker() -> (ChildProcess, FlightMemory)? {
        if let worker { return worker }
        guard let flight = FlightMemory(),
            let process = try? ChildProcess(tally: executable, ["check-worker", "--flight", flight.childPath] + arguments, backtraces: backtraces)
        else { return nil }
        guard process.awaitReady(timeout: .seconds(Int64(FuzzJob.startTimeout))) == nil else {
            passOnErrors(process.takeStandardError())
            return nil
        }
        worker = (process, flight)
        return worker
    }

    /// One line from the worker: a `RESULT <json>` answer, or the property's own output.
    enum Answer {
        case output
        case result(PropertyResult)
        /// A `RESULT` line whose record cannot be read: the property fails rather than passing.
        case unreadable

        init(_ line: String) {
            guard line.hasPrefix("RESULT ") else { self = .output; return }
            let record = try? JSONDecoder().decode(PropertyResultRecord.self, from: Data(line.dropFirst(7).utf8))
            self = record?.result.map(Answer.result) ?? .unreadable
        }
    }

    /// The token of the case the worker announced as it died (``CheckWorkerCommand/caseLinePrefix``).
    static func announcedCase(_ errors: String) -> ReplayToken? {
        let line = errors.split(separator: "\n").last { $0.contains(CheckWorkerCommand.caseLinePrefix) }
        guard let line, let start = line.range(of: CheckWorkerCommand.caseLinePrefix)?.upperBound else { return nil }
        return try? ReplayToken(parsing: line[start...].trimmingCharacters(in: .whitespaces))
    }

    /// Passes on what a healthy worker wrote to its standard error (warnings), as a run in process would.
    func passOnErrors(_ text: String) {
        guard !text.isEmpty else { return }
        console.err(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
