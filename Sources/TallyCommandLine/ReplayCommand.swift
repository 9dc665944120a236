import Tally

/// `tally replay TOKEN`: re-runs one exact counterexample, without searching or shrinking.
enum ReplayCommand: TallyCommand {
    static let description = CommandDescription(
        name: "replay",
        summary: "Re-run one exact counterexample from its replay token and print it.",
        usage: "tally replay <token>",
        details: """
            The token is the TALLY_REPLAY value a failure prints, such as 3f9a01c2.AQIDBA.
            Exit status: 1 when the case still fails, 0 when it passes now, 2 on a usage error.
            """,
        minimumPositional: 1, maximumPositional: 1, positionalName: "<token>")

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let token: ReplayToken
        do {
            token = try ReplayToken(parsing: arguments.positional[0])
        } catch {
            throw UsageError(command: description, error.description)
        }
        guard let (suite, property) = context.catalog.properties.first(where: { token.belongs(to: $0.property.id) }) else {
            throw UsageError(command: description, "no property has the hash \(token.propertyHash): the token is for a property that was renamed or removed")
        }
        // Say what is about to run first: a case that crashes the process ends this command.
        context.console.out("Replaying \(suite)/\(property.id):\n" + property.describe(token.choices).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        var configuration = RunConfiguration()
        configuration.replay = token
        configuration.exampleDirectory = nil
        let result = await property.check(configuration)
        guard let report = result.failureReport(replayCommand: "swift run tally replay") else {
            context.console.out("\(suite)/\(property.id): the replayed case passes now.")
            return 0
        }
        context.console.out(report)
        return 1
    }
}
