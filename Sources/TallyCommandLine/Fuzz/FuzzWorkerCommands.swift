import Foundation
import Tally

/// `tally fuzz-worker`: runs one property with a seed for a time or case budget, recording every case
/// in a flight recorder; shrinks a failure itself, within its time, and reports progress and failures
/// as JSON lines. Started by `tally fuzz`; `STOP` on its standard input makes it report what it has.
enum FuzzWorkerCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz-worker", summary: "(internal) Run one property for tally fuzz.",
        usage:
            "tally fuzz-worker --property INDEX --seed N --flight PATH [--cases N] [--until MS] "
            + "[--shrink-ms MS] [--deadline MS]",
        details: """
            --until and --deadline are times in milliseconds since 1970: the end of the search and the
            end of the whole run; --shrink-ms is the least time a failure found is shrunk for.
            """,
        options: ["--property", "--seed", "--cases", "--flight", "--until", "--shrink-ms", "--deadline"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let link = SupervisorLink()
        let properties = context.catalog.properties
        guard let indexText = arguments.value("--property"), let index = Int(indexText),
            properties.indices.contains(index),
            let seed = try arguments.seed("--seed", command: description), let flightPath = arguments.value("--flight")
        else { throw UsageError(command: description, "needs --property, --seed and --flight") }
        let property = properties[index].property
        func number(_ option: String) -> Int64 { arguments.value(option).flatMap { Int64($0) } ?? 0 }
        let order = FuzzWorkerOrder(
            property: ReplayToken.hash(of: property.id), seed: seed, cases: Int(number("--cases")), flight: flightPath,
            until: number("--until"), deadline: number("--deadline"),
            shrinkMilliseconds: arguments.value("--shrink-ms") == nil ? 30_000 : number("--shrink-ms"))
        return await FuzzWorker.run(property, order: order, propertyIndex: index, link: link)
    }
}
