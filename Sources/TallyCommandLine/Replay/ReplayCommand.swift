import Foundation
import Tally

/// `tally replay TOKEN`: re-runs one exact counterexample, without searching or shrinking.
enum ReplayCommand: TallyCommand {
    static let description = CommandDescription(
        name: "replay",
        summary: "Re-run one exact counterexample from its replay token and print it.",
        usage: "tally replay <token> [--case-timeout T] | tally replay --property NAME --fuzzer-input FILE",
        details: """
            The token is the one a failure's "Replay:" line prints: eight hexadecimal digits naming the
            property, then "." and the case's choices or "~" and the random state it was drawn from. A
            token cut short or edited is refused. A libFuzzer crash file becomes a token with --property
            (the property it was fuzzing) and --fuzzer-input.
            A token of a forAll in a test replays in that test, as its TALLY_REPLAY line would.
            The case is made and runs first in a child process, so that a case that crashes or hangs,
            even while its value is made, is reported with the runtime's message rather than ending
            this command. --case-timeout T (or TALLY_CASE_TIMEOUT) is how long it may run before it is
            a hang (default \(CaseTimeout.defaultSeconds)s, as under tally check); a replay line printed for a
            run with another timeout carries it.
            Exit status: 1 when the case still fails, 0 when it passes now, 2 on a usage error.
            """,
        options: ["--property", "--fuzzer-input", "--case-timeout"], variableOptions: ["--case-timeout"],
        minimumPositional: 0, maximumPositional: 1, positionalName: "<token>"
    )

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let caseTimeout = try CaseTimeout.seconds(arguments, command: description)
        let token: ReplayToken
        if let file = arguments.value("--fuzzer-input") {
            guard let name = arguments.value("--property"),
                let entry = context.catalog.properties.first(where: {
                    $0.property.id == name || "\($0.suite)/\($0.property.id)" == name
                })
            else {
                throw UsageError(
                    command: description, "--fuzzer-input needs --property NAME, the property the fuzzer ran")
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError(command: description, "\(file): no such file")
            }
            token = ReplayToken(
                propertyID: entry.property.id, choices: entry.property.choices(fromFuzzerInput: [UInt8](data)))
            context.console.out("Token: \(token)")
        } else {
            guard let text = arguments.positional.first else {
                throw UsageError(command: description, "missing <token>")
            }
            token = try TokenOwner.token(text, for: description)
        }
        guard let owner = TokenOwner(of: token, in: context.catalog) else {
            if let tests = try TestProperties.ofPackage(context, command: description),
                let entry = tests.entries.first(where: { token.belongs(to: $0.id) })
            {
                // The test's guarded check reads its case timeout from the variable.
                return try replay(
                    token, inTest: entry, of: tests.binary, console: context.console,
                    environment: ["TALLY_CASE_TIMEOUT": DurationText.text(seconds: caseTimeout)])
            }
            let tests =
                context.executable != nil && context.catalog.findsTestProperties ? " or the package's tests" : ""
            throw UsageError(
                command: description,
                TokenOwner.notOwned(token, in: context.catalog, alsoLookedIn: tests)
                    + "; if swift test printed it for a forAll in a test, such a token replays with: "
                    + "TALLY_REPLAY=\(token) swift test"
            )
        }
        let (suite, property) = (owner.suite, owner.property)
        if let executable = context.executable {
            // The case is made, described and run in a child first: one that traps, even while its value
            // is made, or hangs is reported from there rather than ending this command.
            context.console.out("Replaying \(suite)/\(property.id).")
            switch await inAChild(owner, executable: executable, caseTimeout: caseTimeout) {
            case .endedTheProcess(let value, let failure):
                let replayLine = CaseTimeout.replayLine(context.catalog.replayLine, seconds: caseTimeout)
                context.console.out(
                    "Counterexample:\n" + value.indented + "\nFailure:\n" + failure.indented + "\nReplay: "
                        + replayLine.command(for: token))
                return 1
            case .endsHere:
                break
            case .notReplayed(let reason):
                context.console.out(
                    "No child process could replay the case (\(reason)); it runs here:\n"
                        + property.describe(owner.choices).indented)
            }
        } else {
            // In process, a case that crashes ends this command: say what is about to run first.
            context.console.out("Replaying \(suite)/\(property.id):\n" + property.describe(owner.choices).indented)
        }
        var configuration = RunConfiguration()
        configuration.replay = token
        configuration.exampleDirectory = nil
        let result = await property.check(configuration)
        guard let report = result.failureReport(replay: context.catalog.replayLine) else {
            context.console.out("\(suite)/\(property.id): the replayed case passes now.")
            return 0
        }
        context.console.out(report)
        return 1
    }

    /// Replays `token` in the test that holds its property, as its `swift test` line would: the test
    /// binary runs that one test with `TALLY_REPLAY`, and its output is the replay's.
    static func replay(
        _ token: ReplayToken, inTest entry: PropertySurvey.Entry, of binary: TestBinary, console: Console,
        environment: [String: String] = [:]
    ) throws -> Int32 {
        console.out(
            "Replaying \(token) in the test \(entry.filter.filter { $0 != "\\" }) (\(entry.place)), "
                + "as TALLY_REPLAY=\(token) swift test --filter \(shellQuoted(entry.filter)) does:"
        )
        let run = try ChildRun.run(
            binary.arguments(runningTest: entry.testID),
            environment: environment.merging(["TALLY_REPLAY": token.description]) { $1 })
        for line in run.output.split(separator: "\n", omittingEmptySubsequences: false) { console.out(String(line)) }
        return run.succeeded ? 0 : 1
    }

    /// How a case replayed in a child process ended.
    private enum ChildReplay {
        /// It crashed or hung, running or while its value was made: `value` (as made in the child, or
        /// why it could not be) and `failure` (the runtime's message) are the report.
        case endedTheProcess(value: String, failure: String)
        /// It passed or failed in the ordinary way: it runs here, where a debugger and `print` work.
        case endsHere
        /// No child could replay it, for `reason`: it runs here, unchecked.
        case notReplayed(reason: String)
    }

    /// How `owner`'s case ends made and run alone in a `tally fuzz-evaluate` child of `executable`, with
    /// a crash explained, as check and fuzz recover a case in flight (``InFlightRecovery``); not shrunk.
    private static func inAChild(_ owner: TokenOwner, executable: String, caseTimeout: Double) async -> ChildReplay {
        let recovery = CaseRecovery.tally(
            executable, propertyIndex: owner.index, propertyID: owner.property.id, caseTimeout: caseTimeout)
        switch await recovery.recoverInFlight([owner.token], shrinking: .nothing, stopReason: { _ in nil }) {
        case .reproduced(_, let found) where found.verdict.endsTheProcess:
            return .endedTheProcess(value: found.value, failure: found.verdict.failure ?? "")
        case .failedWhileMade(_, _, let verdict):
            return .endedTheProcess(value: InFlightRecovery.valueNotMade(verdict), failure: verdict.failure ?? "")
        case .notRechecked(_, _, let reason):
            return .notReplayed(reason: reason)
        case .reproduced, .passedAlone, .notFound:
            return .endsHere
        }
    }
}
