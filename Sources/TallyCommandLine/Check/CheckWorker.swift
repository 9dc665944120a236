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
    /// The run's stop request (Ctrl-C, SIGTERM): it kills the worker, and the property in flight is
    /// reported as interrupted, never as a crash.
    let stop: FuzzBudget
    var worker: (process: ChildProcess, flight: FlightMemory)?
    /// The table whose rows the worker is running and answering, and the last line answered.
    var rowStream: (path: String, binding: String?, line: Int)?
    /// The worker's process, for the stop request to kill from another thread.
    let running = LockedValue<ChildProcess?>(nil)
    private var stopHandler = 0
    /// Why the last property run did not finish (`interrupted by SIGINT after 412 cases`), if a stop cut it short.
    private(set) var interruption: String?

    /// A worker started by `executable` (this tool), running properties with `iterations` and `seed`
    /// as `tally check` was given them, the rest of its settings from the environment it inherits.
    init(
        executable: String, iterations: Int?, seed: UInt64?, caseTimeout: Double, console: Console,
        backtraces: Bool = false,
        stop: FuzzBudget = FuzzBudget(seconds: nil)
    ) {
        self.executable = executable
        self.stop = stop
        arguments =
            (iterations.map { ["--iterations", String($0)] } ?? []) + (seed.map { ["--seed", String($0)] } ?? [])
        self.caseTimeout = caseTimeout
        self.console = console
        self.backtraces = backtraces
        stopHandler = stop.onStop { [running] in running.withLock { $0?.kill() } }
    }

    deinit { stop.removeHandler(stopHandler) }

    /// Runs `property`, the catalog's property at `index`, with `configuration` (the one the worker
    /// uses too): what it found, or what recovering the case that killed or hung the worker found.
    func run(index: Int, property: Property, configuration: RunConfiguration) async -> PropertyResult {
        let started = Date()
        endRowStream()
        interruption = nil
        guard let (process, flight) = startedWorker() else {
            if let interrupted = interrupted(property, configuration, ending: nil, killed: true, cases: 0) {
                return interrupted
            }
            return CheckRecovery.unrecoverable(property, configuration, "no worker process could be started to run it")
        }
        let casesBefore = flight.read()?.casesStarted ?? 0
        var answer: PropertyResult?
        process.send("RUN \(index)")
        let watched = WorkerWatch.watch(process, activity: { flight.activity() ?? 0 }, patience: { _ in caseTimeout }) {
            line in
            switch Answer(line) {
            case .output:
                console.out(line)  // the property's own output
                return .read
            case .result(let result):
                answer = result
            case .unreadable:
                answer = CheckRecovery.unrecoverable(
                    property, configuration, "the worker's result could not be read: \(line.prefix(200))")
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
        running.withLock { $0 = nil }
        let cases = Int((recorded?.casesStarted ?? casesBefore) - casesBefore)
        if let interrupted = interrupted(
            property, configuration, ending: ending, killed: process.wasKilled && !hung, cases: cases)
        {
            return interrupted
        }
        let recovery = CheckRecovery(
            executable: executable, index: index, property: property, configuration: configuration,
            caseTimeout: caseTimeout, stop: stop)
        return await recovery.recover(
            crash: hung ? nil : ending, announced: CaseInFlight.token(in: errors), flightStart: recorded?.start,
            casesStarted: cases, started: started)
    }

    /// The running worker, or a new one once it said it is ready.
    func startedWorker() -> (ChildProcess, FlightMemory)? {
        if let worker { return worker }
        guard let flight = FlightMemory(),
            let process = try? ChildProcess(
                tally: executable, ["check-worker", "--flight", flight.childPath] + arguments, backtraces: backtraces)
        else { return nil }
        guard process.awaitReady(timeout: .seconds(Int64(FuzzJob.startTimeout))) == nil else {
            passOnErrors(process.takeStandardError())
            return nil
        }
        worker = (process, flight)
        running.withLock { $0 = process }
        if stop.isStopping { process.kill() }
        return worker
    }

    /// The result of a property whose worker a stop ended (`ending`: a signal a person or CI sends,
    /// which stops the whole run; or `killed` by the run's stop request): not checked, and no crash.
    private func interrupted(
        _ property: Property, _ configuration: RunConfiguration, ending: ChildEnding?, killed: Bool, cases: Int
    ) -> PropertyResult? {
        if let signal = ending?.stopSignal { stop.requestStop(signal: signal) }
        guard let signal = stop.stopSignal, ending?.stopSignal != nil || killed else { return nil }
        interruption = "interrupted by \(StopSignals.name(signal)) after \(cases) case\(cases == 1 ? "" : "s")"
        return CheckRecovery.unrecoverable(property, configuration, "not checked: \(interruption!)")
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

    /// Passes on what a healthy worker wrote to its standard error (warnings), as a run in process would.
    func passOnErrors(_ text: String) {
        guard !text.isEmpty else { return }
        console.err(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }
}
