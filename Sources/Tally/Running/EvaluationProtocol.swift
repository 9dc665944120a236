import Foundation

/// The line protocol between a process that shrinks a case which may crash or hang, and the child
/// process that evaluates candidates for it: `tally fuzz-evaluate`, or a test binary re-executed by
/// crash recovery (<doc:CrashRecovery>).
///
/// Requests are `EVAL <token>`, `DESCRIBE <token>` and `REGENERATE <s0> <s1> <s2> <s3>` (decimal).
/// The child answers `CASE <json>` before it runs a case, so that the parent knows the case even when
/// it kills the child, then `PASS` or `FAIL <json string>`; `VALUE <json string>`; `CHOICES <token>`
/// for the case a random state starts; `ERROR <reason>` for a request it cannot read.
package enum EvaluationProtocol {
    /// The case a candidate's replay used: its choice token, bounds and spans.
    package struct CaseLine: Codable {
        package var choices: String
        package var bounds: [UInt64]
        package var spans: [[Int]]
    }

    /// Answers the requests `readLine` gives, for the property `engine` runs, until it returns `nil`.
    static func serve(_ engine: AnyPropertyEngine, propertyID: String, readLine: () -> String?, send: (String) -> Void) async {
        while let line = readLine() {
            if line.hasPrefix("REGENERATE ") {
                let words = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
                guard let start = RandomSource(state: Array(words)) else { send("ERROR bad state"); continue }
                send("CHOICES \(ReplayToken(propertyID: propertyID, choices: engine.regenerate(start)))")
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let token = try? ReplayToken(parsing: parts[1]) else { send("ERROR bad request"); continue }
            if parts[0] == "DESCRIBE" {
                send("VALUE " + jsonString(engine.describe(token.choices)))
                continue
            }
            let failure = await engine.replay(token.choices) { replayed in
                let caseLine = CaseLine(
                    choices: ReplayToken(propertyID: propertyID, choices: replayed.choices).description,
                    bounds: replayed.bounds, spans: replayed.spans.map { [$0.lowerBound, $0.upperBound] })
                send("CASE " + String(decoding: (try? JSONEncoder().encode(caseLine)) ?? Data(), as: UTF8.self))
            }
            send(failure.map { "FAIL " + jsonString($0) } ?? "PASS")
        }
    }

    /// The case of a `CASE <json>` answer, with no failure yet.
    package static func replayedCase(_ line: String) -> ReplayedCase? {
        guard line.hasPrefix("CASE "), let parsed = try? JSONDecoder().decode(CaseLine.self, from: Data(line.dropFirst(5).utf8)),
            let token = try? ReplayToken(parsing: parsed.choices), parsed.spans.allSatisfy({ $0.count == 2 && $0[0] <= $0[1] })
        else { return nil }
        return ReplayedCase(choices: token.choices, bounds: parsed.bounds, spans: parsed.spans.map { $0[0]..<$0[1] }, failure: nil)
    }

    /// The text after `prefix` in an answer, decoded from its JSON string (or as is, if it is not one).
    package static func text(after prefix: String, in line: String) -> String? {
        guard line.hasPrefix(prefix) else { return nil }
        let rest = String(line.dropFirst(prefix.count))
        return (try? JSONDecoder().decode(String.self, from: Data(rest.utf8))) ?? rest
    }

    /// `text` as a JSON string, on one line.
    package static func jsonString(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}

extension Property {
    /// Answers evaluation requests for this property (see `EvaluationProtocol`) until `readLine`
    /// returns `nil`: what `tally fuzz-evaluate` does.
    package func serveEvaluations(readLine: () -> String?, send: (String) -> Void) async {
        await EvaluationProtocol.serve(makeEngine(RunConfiguration()), propertyID: id, readLine: readLine, send: send)
    }
}
