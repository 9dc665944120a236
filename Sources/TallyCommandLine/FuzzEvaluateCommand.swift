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

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let link = SupervisorLink()
        let properties = context.catalog.properties
        guard let index = arguments.value("--property").flatMap({ Int($0) }), properties.indices.contains(index) else {
            throw UsageError(command: description, "needs --property INDEX")
        }
        let property = properties[index].property
        // Started: from now on the supervisor's case timeout applies.
        emit("READY")
        // The protocol is the one a test binary re-executed for crash recovery speaks: Tally's.
        await property.serveEvaluations(readLine: { link.nextRequest() }, send: emit)
        return 0
    }
}
