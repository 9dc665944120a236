import Foundation
import Tally

/// `tally fuzz-worker`: runs one property with a seed for a time or case budget, recording every case
/// in a flight recorder; shrinks a failure itself, within its time, and reports progress and failures
/// as JSON lines. Started by `tally fuzz`; `STOP` on its standard input makes it report what it has.
enum FuzzWorkerCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz-worker", summary: "(internal) Run one property for tally fuzz.",
        usage: "tally fuzz-worker --property INDEX --seed N --flight PATH [--cases N] [--until MS] [--shrink-ms MS] [--deadline MS]",
        details: """
            --until and --deadline are times in milliseconds since 1970: the end of the search and the
            end of the whole run; --shrink-ms is the least time a failure found is shrunk for.
            """,
        options: ["--property", "--seed", "--cases", "--flight", "--until", "--shrink-ms", "--deadline"])

    /// Cases per run of the property: small enough that a stop request or the end of the search is
    /// noticed within about a quarter of a second.
    static let chunkSeconds = 0.25

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let link = SupervisorLink()
        let properties = context.catalog.properties
        guard let indexText = arguments.value("--property"), let index = Int(indexText), properties.indices.contains(index),
            let seed = try arguments.seed("--seed", command: description), let flightPath = arguments.value("--flight")
        else { throw UsageError(command: description, "needs --property, --seed and --flight") }
        let caseLimit = arguments.value("--cases").flatMap { Int($0) } ?? 0
        let until = date(arguments.value("--until"))
        let deadline = date(arguments.value("--deadline"))
        let shrinkSeconds = Double(arguments.value("--shrink-ms").flatMap { Int($0) } ?? 30_000) / 1000
        let recorder = try FlightRecorder(path: flightPath)
        recorder.propertyIndex = index
        let property = properties[index].property
        // Guarded: a case that kills this process, a shrink candidate too, is announced as it dies.
        return await property.guarded(recorder: recorder, replay: CaseInFlight.announcement) { () async -> Int32 in
            var cases = 0
            var labels: [String: Int] = [:]
            var chunk: UInt64 = 0
            var chunkSize = 10
            // The first chunk runs even when the search time is already over: a property is never
            // reported as fuzzed after zero cases.
            while (caseLimit == 0 || cases < caseLimit) && link.stopReason == nil && (cases == 0 || until.map { Date() < $0 } ?? true) {
                var configuration = RunConfiguration()
                configuration.seed = seed &+ chunk &* 0x9E37_79B9_7F4A_7C15
                configuration.iterations = caseLimit == 0 ? chunkSize : min(chunkSize, caseLimit - cases)
                configuration.exampleDirectory = nil
                configuration.flightRecorder = recorder
                configuration.shrinks = false
                configuration.growsForCoverage = false
                chunk += 1
                let started = Date()
                let result = await property.check(configuration)
                cases += result.casesRun
                for (label, count) in result.labels.counts { labels[label, default: 0] += count }
                switch result.outcome {
                case .failed(let example):
                    emit(FuzzMessage(kind: .found, cases: cases, token: example.token.description, value: example.value, failure: example.failure).line)
                    let shrinkEnd = min(deadline ?? .distantFuture, max(until ?? .distantPast, Date().addingTimeInterval(shrinkSeconds)))
                    emit(await shrunk(example, property, link: link, end: shrinkEnd, cases: cases, labels: labels).line)
                    return 1
                case .gaveUp(let reason) where !reason.hasPrefix("coverage:"):
                    emit(FuzzMessage(kind: .gaveUp, cases: cases, failure: reason, labels: labels).line)
                    return 0
                default:
                    emit(FuzzMessage(kind: .progress, cases: cases).line)
                }
                let rate = Double(result.casesRun) / max(Date().timeIntervalSince(started), 0.000_1)
                chunkSize = min(max(Int(rate * chunkSeconds), 10), 2_000)
            }
            emit(FuzzMessage(kind: .done, cases: cases, labels: labels).line)
            return 0
        }
    }

    /// A time given as milliseconds since 1970; `nil` for none or 0.
    private static func date(_ text: String?) -> Date? {
        guard let milliseconds = text.flatMap({ Int64($0) }), milliseconds > 0 else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The failure `example`, shrunk in-process until `end` or a stop request (the smallest failing case so
    /// far kept), as the message that reports it; meanwhile the supervisor hears that the worker is alive.
    private static func shrunk(
        _ example: Counterexample, _ property: Property, link: SupervisorLink, end: Date, cases: Int,
        labels: [String: Int]
    ) async -> FuzzMessage {
        var configuration = RunConfiguration()
        configuration.shrinkTimeLimit = .milliseconds(Int64(max(end.timeIntervalSinceNow, 0) * 1000) + 1)
        var lastSign = Date()
        // Shrinks as `swift test` does, with the generator's spans and shapes: the same counterexample.
        let outcome = await property.shrink(example.token.choices, configuration: configuration) {
            // The shrinker checks its own time only now and then; a stop or the end takes effect at once.
            if let reason = link.stopReason { return "stopped by \(reason)" }
            if Date() >= end { return "stopped at the time budget" }
            if Date().timeIntervalSince(lastSign) > 0.1 {
                emit(FuzzMessage(kind: .progress, cases: cases).line)
                lastSign = Date()
            }
            return nil
        }
        guard let outcome else {
            let flaky = example.failure + " (it passed when replayed: the property is flaky)"
            return FuzzMessage(
                kind: .failure, cases: cases, token: example.token.description, value: example.value,
                original: example.originalValue, failure: flaky, shrinkSteps: 0, labels: labels)
        }
        let token = ReplayToken(propertyID: property.id, choices: outcome.best).description
        return FuzzMessage(
            kind: .failure, cases: cases, token: token, value: property.describe(outcome.best),
            original: example.originalValue, failure: outcome.failure, shrinkSteps: outcome.steps,
            shrinkNote: outcome.interrupted.map { "shrinking \($0)" }, labels: labels)
    }
}
