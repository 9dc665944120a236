import Foundation
import Tally

/// `tally fuzz-evaluate`: replays candidate cases for a supervisor that shrinks a crash or a hang.
///
/// Says `READY` once started, then reads `EVAL <token>`, `DESCRIBE <token>` or `REGENERATE <s0> <s1> <s2> <s3>` lines; answers
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
        let link = SupervisorLink()
        let properties = context.catalog.properties
        guard let index = arguments.value("--property").flatMap({ Int($0) }), properties.indices.contains(index) else {
            throw UsageError(command: description, "needs --property INDEX")
        }
        let property = properties[index].property
        // Started: from now on the supervisor's case timeout applies.
        emit("READY")
        while true {
            let line = link.nextRequest()
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
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
