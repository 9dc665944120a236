import Foundation
import Tally

/// `tally fuzz-evaluate`: replays candidate cases for a supervisor that shrinks a crash or a hang.
///
/// Says `READY` once started, then answers the ``EvaluationProtocol``'s requests: `GENERATE`, `EVAL`,
/// `DESCRIBE` and `REGENERATE`.
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
        // The protocol is the one a test binary re-executed for crash recovery speaks: Tally's. It
        // starts with READY: from then on the supervisor's case timeout applies.
        await property.serveEvaluations(readLine: { link.nextRequest() }, send: emit)
        return 0
    }
}
