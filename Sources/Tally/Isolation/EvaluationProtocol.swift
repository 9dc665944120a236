import Foundation

/// The line protocol between a process that shrinks a case which may crash or hang, and the child that
/// evaluates candidates for it (`tally fuzz-evaluate`, or a test binary re-executed by crash recovery).
///
/// The child says `READY` once it serves, so that a child that cannot start is told from a case that
/// kills it. Requests are `GENERATE <token>`, `EVAL <token>`, `DESCRIBE <token>` and
/// `REGENERATE <s0> <s1> <s2> <s3>` (decimal). `GENERATE` and `EVAL` get `CASE <json>` (a ``CaseLine``);
/// after `EVAL`'s, sent before the body runs so that the parent knows the case even when it kills the
/// child, comes `PASS`, `DISCARDED` or `FAIL <json string>`. `DESCRIBE` gets `VALUE <json string>`,
/// `REGENERATE` `CHOICES <token>`, and a request the child cannot read `ERROR <reason>`.
package enum EvaluationProtocol {
    /// The case a candidate's replay made, spans as `[start, end, label, depth]`.
    package struct CaseLine: Codable {
        package var choices: String
        package var bounds: [UInt64]
        package var shapes: [UInt64]
        package var origins: [UInt64]
        package var spans: [[UInt64]]
        package var discarded: Bool
    }

    /// The line a child sends once it is ready for requests.
    package static let ready = "READY"

    /// Says ``ready``, then answers the requests `readLine` gives until it returns `nil`.
    static func serve(_ engine: AnyPropertyEngine, propertyID: String, readLine: () -> String?, send: (String) -> Void)
        async
    {
        send(ready)
        while let line = readLine() {
            if line.hasPrefix("REGENERATE ") {
                let words = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
                guard let start = RandomSource(state: Array(words)) else { send("ERROR bad state"); continue }
                send("CHOICES \(ReplayToken(propertyID: propertyID, choices: engine.regenerate(start)))")
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let token = try? ReplayToken(parsing: parts[1]) else {
                send("ERROR bad request"); continue
            }
            switch parts[0] {
            case "DESCRIBE":
                send("VALUE " + jsonString(engine.describe(token.choices)))
            case "GENERATE", "EVAL":
                let candidate = engine.replayCandidate(token.choices)
                send(caseLine(candidate.run, discarded: candidate.isDiscarded, propertyID: propertyID))
                guard parts[0] == "EVAL" else { continue }
                switch await candidate.check() {
                case .holds: send("PASS")
                case .discarded: send("DISCARDED")
                case .fails(let failure): send("FAIL " + jsonString(failure))
                }
            default:
                send("ERROR bad request")
            }
        }
    }

    /// The `CASE` answer for a case known only by its choices, not discarded: a scripted child's, in tests.
    package static func caseLine(choices: ChoiceSequence, propertyID: String) -> String {
        caseLine(ChildEvaluator.unknownCase(choices), discarded: false, propertyID: propertyID)
    }

    static func caseLine(_ run: FailingCase, discarded: Bool, propertyID: String) -> String {
        let line = CaseLine(
            choices: ReplayToken(propertyID: propertyID, choices: run.sequence).description, bounds: run.bounds,
            shapes: run.shapes,
            origins: run.origins,
            spans: run.spans.map { [UInt64($0.start), UInt64($0.end), $0.label, UInt64($0.depth)] },
            discarded: discarded)
        return "CASE " + String(decoding: (try? JSONEncoder().encode(line)) ?? Data(), as: UTF8.self)
    }

    /// The case of a `CASE <json>` answer (its failure empty); `nil` for any other line.
    static func generatedCase(_ line: String) -> (run: FailingCase, discarded: Bool)? {
        guard line.hasPrefix("CASE "),
            let parsed = try? JSONDecoder().decode(CaseLine.self, from: Data(line.dropFirst(5).utf8)),
            let token = try? ReplayToken(parsing: parsed.choices),
            parsed.spans.allSatisfy({
                $0.count == 4 && $0[0] <= $0[1] && $0[1] <= UInt64(token.choices.count) && $0[3] <= UInt64(Int.max)
            })
        else { return nil }
        let spans = parsed.spans.map { ChoiceSpan(start: Int($0[0]), end: Int($0[1]), label: $0[2], depth: Int($0[3])) }
        let run = FailingCase(
            choices: token.choices.choices, bounds: parsed.bounds, shapes: parsed.shapes, origins: parsed.origins,
            spans: spans, failure: "")
        return (run, parsed.discarded)
    }

    /// The text after `prefix` in an answer, decoded from its JSON string if it is one.
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
    /// Answers evaluation requests for this property until `readLine` returns `nil` (`tally fuzz-evaluate`).
    package func serveEvaluations(readLine: () -> String?, send: (String) -> Void) async {
        await EvaluationProtocol.serve(makeEngine(RunConfiguration()), propertyID: id, readLine: readLine, send: send)
    }
}
