import Foundation
import Tally

/// `tally fuzz-worker`: runs one property with a seed for a time or case budget, recording every case
/// in a flight recorder; reports progress and failures as JSON lines. Started by `tally fuzz`.
enum FuzzWorkerCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz-worker", summary: "(internal) Run one property for tally fuzz.",
        usage: "tally fuzz-worker --property INDEX --seed N --time-ms N --cases N --flight PATH",
        options: ["--property", "--seed", "--time-ms", "--cases", "--flight"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let properties = context.catalog.properties
        guard let indexText = arguments.value("--property"), let index = Int(indexText), properties.indices.contains(index),
            let seed = arguments.value("--seed").flatMap({ UInt64($0) }), let flightPath = arguments.value("--flight")
        else { throw UsageError(command: description, "needs --property, --seed and --flight") }
        let timeLimit = Double(arguments.value("--time-ms").flatMap { Int($0) } ?? 0) / 1000
        let caseLimit = arguments.value("--cases").flatMap { Int($0) } ?? 0
        let recorder = try FlightRecorder(path: flightPath)
        recorder.propertyIndex = index
        let property = properties[index].property
        let start = Date()
        var cases = 0
        var labels: [String: Int] = [:]
        var chunk: UInt64 = 0
        while (caseLimit == 0 || cases < caseLimit) && (timeLimit == 0 || Date().timeIntervalSince(start) < timeLimit) {
            var configuration = RunConfiguration()
            configuration.seed = seed &+ chunk &* 0x9E37_79B9_7F4A_7C15
            configuration.iterations = caseLimit == 0 ? 2_000 : min(2_000, caseLimit - cases)
            configuration.exampleDirectory = nil
            configuration.flightRecorder = recorder
            chunk += 1
            let result = await property.check(configuration)
            cases += result.casesRun
            for (label, count) in result.labels.counts { labels[label, default: 0] += count }
            switch result.outcome {
            case .failed(let example):
                emit(FuzzMessage(kind: .failure, cases: cases, token: example.token.description, value: example.value,
                                 original: example.originalValue, failure: example.failure, shrinkSteps: example.shrinkSteps, labels: labels).line)
                return 1
            case .gaveUp(let reason) where !reason.hasPrefix("coverage:"):
                emit(FuzzMessage(kind: .gaveUp, cases: cases, failure: reason, labels: labels).line)
                return 0
            default:
                emit(FuzzMessage(kind: .progress, cases: cases).line)
            }
        }
        emit(FuzzMessage(kind: .done, cases: cases, labels: labels).line)
        return 0
    }
}

/// `tally fuzz-evaluate`: replays candidate cases for a supervisor that shrinks a crash or a hang.
///
/// Reads `EVAL <token>`, `DESCRIBE <token>` or `REGENERATE <s0> <s1> <s2> <s3>` lines; answers
/// `CASE <json>` before running a case (so the supervisor knows it even if the case kills this
/// process), then `PASS` or `FAIL <json>`; or `VALUE <json>`; or `CHOICES <token>` for the case a
/// flight recorder's random state starts.
enum FuzzEvaluateCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz-evaluate", summary: "(internal) Replay candidate cases for tally fuzz.",
        usage: "tally fuzz-evaluate --property INDEX", options: ["--property"])

    struct CaseLine: Codable {
        var choices: String
        var bounds: [UInt64]
        var spans: [[Int]]
    }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let properties = context.catalog.properties
        guard let index = arguments.value("--property").flatMap({ Int($0) }), properties.indices.contains(index) else {
            throw UsageError(command: description, "needs --property INDEX")
        }
        let property = properties[index].property
        while let line = Swift.readLine() {
            if line.hasPrefix("REGENERATE ") {
                let words = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
                guard let start = RandomSource(state: Array(words)) else { emit("ERROR bad state"); continue }
                emit("CHOICES \(ReplayToken(propertyID: property.id, choices: property.choices(regeneratedFrom: start)))")
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let token = try? ReplayToken(parsing: parts[1]) else { emit("ERROR bad request"); continue }
            if parts[0] == "DESCRIBE" {
                emit("VALUE " + jsonString(property.describe(token.choices)))
                continue
            }
            let failure = await property.replay(token.choices) { replayed in
                let caseLine = CaseLine(
                    choices: ReplayToken(propertyID: property.id, choices: replayed.choices).description,
                    bounds: replayed.bounds, spans: replayed.spans.map { [$0.lowerBound, $0.upperBound] })
                emit("CASE " + String(decoding: (try? JSONEncoder().encode(caseLine)) ?? Data(), as: UTF8.self))
            }
            emit(failure.map { "FAIL " + jsonString($0) } ?? "PASS")
        }
        return 0
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
