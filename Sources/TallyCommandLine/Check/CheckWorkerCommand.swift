import Foundation
import Tally

/// `tally check-worker`: runs `tally check`'s properties for it, in a process that a property may
/// kill or hang without losing the run (see ``CheckWorker``).
///
/// Says `READY` once started, then reads `RUN <index>` lines (an index into the catalog's properties)
/// and answers `RESULT <json>` (a ``PropertyResultRecord``) for each, and `TABLE <json>` lines, the
/// rows of a table to run, answered as ``CheckWorkerRows`` says. Every property runs guarded
/// (``Property/checkGuarded(_:recorder:replay:)``): its cases go to the flight recorder at `--flight`,
/// and a case that kills this process is announced on standard error (``CaseInFlight``).
enum CheckWorkerCommand: TallyCommand {
    static let description = CommandDescription(
        name: "check-worker", summary: "(internal) Run properties for tally check.",
        usage: "tally check-worker --flight PATH [--iterations N] [--seed N]",
        options: ["--flight", "--iterations", "--seed"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let link = SupervisorLink()
        guard let flightPath = arguments.value("--flight") else {
            throw UsageError(command: description, "needs --flight")
        }
        let recorder = try FlightRecorder(path: flightPath)
        var configuration = try RunConfiguration.fromEnvironment(context.environment)
        if let iterations = try arguments.positiveInteger("--iterations", command: description) {
            configuration.iterations = iterations
        }
        if let seed = try arguments.seed("--seed", command: description) { configuration.seed = seed }
        let properties = context.catalog.properties
        emit(EvaluationProtocol.ready)
        while true {
            let request = link.nextRequest()
            if request.hasPrefix(CheckWorkerRows.requestPrefix) {
                await CheckWorkerRows.run(
                    request.dropFirst(CheckWorkerRows.requestPrefix.count), suites: context.catalog.tableSuites,
                    send: emit)
                continue
            }
            guard request.hasPrefix("RUN "), let index = Int(request.dropFirst(4)), properties.indices.contains(index)
            else {
                emit("ERROR bad request")
                continue
            }
            recorder.propertyIndex = index
            let result = await properties[index].property.checkGuarded(
                configuration, recorder: recorder, replay: CaseInFlight.announcement)
            let json = (try? JSONEncoder().encode(PropertyResultRecord(result))) ?? Data()
            emit("RESULT " + String(decoding: json, as: UTF8.self))
        }
    }
}
