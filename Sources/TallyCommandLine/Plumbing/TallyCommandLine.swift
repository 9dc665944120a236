import Foundation
import Tally

/// The `tally` command line: checks tables and properties, fuzzes, replays.
public enum TallyCommandLine {
    /// The tool's help, as `tally` prints it (``CommandDescription`` explains the naming).
    static let usage = """
        OVERVIEW: Tally checks a domain engine's invariants and requirement tables.

        USAGE: tally <command> [options]

        COMMANDS:
          check           Run every table and every property at default settings (the main command)
          tables lint     Check tables' headers and cells without running the engines
          tables run      Run table rows and show which cells disagree
          tables record   Fill empty expected cells with the engine's values
          fuzz            Run every property with random seeds for a time budget (the nightly job)
          replay          Re-run one exact counterexample from its replay token
          promote         Append a counterexample to a requirement table as a row for review
          report          Run everything and write the HTML requirements report; merge fuzz shards
          mutate          Change the engines one operator at a time and check that the requirements notice

        See 'tally <command> --help' for a command's options.
        """

    /// The standard console: standard output and standard error, unbuffered, so that what was said
    /// survives a replayed case that crashes the process.
    public static let standardConsole = Console(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// The help of `tally tables`, as `tally` prints it.
    static let tablesUsage = """
        OVERVIEW: Work with the requirement tables under Tables/.

        USAGE: tally tables <subcommand> [options]

        SUBCOMMANDS:
          lint            Check tables' headers and cells without running the engines
          run             Run table rows and show which cells disagree
          record          Fill empty expected cells with the engine's values

        See 'tally tables <subcommand> --help' for a subcommand's options.
        """

    /// The commands `tally fuzz` and `tally mutate` start in child processes: not listed in `--help`.
    static let internalCommands: Set<String> = ["fuzz-worker", "fuzz-evaluate", "mutate-worker", "check-worker"]

    /// Every command by the words that name it, in the order `--help` lists them; the internal ones last.
    static var commands: [(words: [String], command: any TallyCommand.Type)] {
        [
            (["check"], CheckCommand.self), (["tables", "lint"], TablesLintCommand.self),
            (["tables", "run"], TablesRunCommand.self),
            (["tables", "record"], TablesRecordCommand.self), (["fuzz"], FuzzCommand.self),
            (["replay"], ReplayCommand.self),
            (["promote"], PromoteCommand.self), (["report"], ReportCommand.self), (["mutate"], MutateCommand.self),
            (["fuzz-worker"], FuzzWorkerCommand.self), (["fuzz-evaluate"], FuzzEvaluateCommand.self),
            (["mutate-worker"], MutateWorkerCommand.self), (["check-worker"], CheckWorkerCommand.self),
        ]
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code:
    /// 0 success, 1 failures found, 2 a usage error. The `TALLY_*` variables are read from `environment`.
    /// `invokedIn` is the folder the command was typed in, relative to the folder this process runs in
    /// (the package root, see ``main(properties:tables:)``): the paths given are read from there.
    public static func run(
        _ arguments: [String], catalog: TallyCatalog, console: Console = standardConsole,
        environment: [String: String] = ProcessInfo.processInfo.environment, invokedIn: String = ""
    ) async -> Int32 {
        await run(
            arguments, catalog: catalog, console: console, environment: environment, invokedIn: invokedIn,
            executable: nil)
    }

    /// ``run(_:catalog:console:environment:invokedIn:)`` in the tool's own process, `executable`,
    /// which commands may start again as workers over the same catalog.
    static func run(
        _ arguments: [String], catalog: TallyCatalog, console: Console = standardConsole,
        environment: [String: String] = ProcessInfo.processInfo.environment, invokedIn: String = "", executable: String?
    ) async -> Int32 {
        var arguments = arguments
        let tool = catalog.toolName
        let helpWords = ["--help", "-h", "help"]
        guard let first = arguments.first, !helpWords.contains(first) else {
            // `tally help fuzz` is `tally fuzz --help`.
            let topic = arguments.dropFirst().filter { !helpWords.contains($0) }
            if !topic.isEmpty { return await run(topic + ["--help"], catalog: catalog, console: console) }
            console.out(usage.naming(tool: tool))
            return arguments.isEmpty ? 2 : 0
        }
        var name = first
        arguments.removeFirst()
        if name == "tables" {
            guard let sub = arguments.first, !sub.hasPrefix("-"), sub != "help" else {
                if let word = arguments.first, helpWords.contains(word) {
                    let topic = arguments.filter { !helpWords.contains($0) }
                    if !topic.isEmpty {
                        return await run(["tables"] + topic + ["--help"], catalog: catalog, console: console)
                    }
                    console.out(tablesUsage.naming(tool: tool))
                    return 0
                }
                console.err(
                    "\(tool) tables: error: missing subcommand: lint, run or record\n\(tablesUsage.naming(tool: tool))")
                return 2
            }
            name = "tables " + sub
            arguments.removeFirst()
        }
        guard let command = command(named: name) else {
            let near = nearestNames(
                to: name,
                among: commands.map { $0.words.joined(separator: " ") }.filter { !internalCommands.contains($0) },
                limit: 2)
            let suggestion = near.isEmpty ? "" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?"
            console.err(
                "\(tool): error: "
                    + "unknown command "
                    + "'\(name)'\(suggestion)\n\((name.hasPrefix("tables ") ? tablesUsage : usage).naming(tool: tool))"
            )
            return 2
        }
        let context = CommandContext(
            catalog: catalog, console: console, environment: environment, executable: executable)
        do {
            let parsed = try CommandLineArguments(arguments, command: command.description).resolvingPaths(
                typedIn: invokedIn, command: command.description
            )
            .withVariables(from: environment, command: command.description)
            if parsed.flags.contains("--help") {
                console.out(command.description.help(tool: tool))
                return 0
            }
            let unknownVariables = TallyVariables.problems(in: environment)
            guard unknownVariables.isEmpty else {
                throw UsageError(command: command.description, problems: unknownVariables, pointsToHelp: false)
            }
            if command.description.options.contains("--report") {
                try parsed.checkReports(accepting: command.reportFormats, command: command.description)
            }
            return try await command.run(parsed, context: context)
        } catch let error as UsageError {
            console.err(error.message(tool: tool))
            return 2
        } catch {
            console.err("\(tool) \(name): error: \(error)")
            return 1
        }
    }

    static func command(named name: String) -> (any TallyCommand.Type)? {
        commands.first { $0.words.joined(separator: " ") == name }?.command
    }
}

/// What a command runs against and writes to.
struct CommandContext {
    var catalog: TallyCatalog
    var console: Console
    /// Where the `TALLY_*` variables come from: the process's environment, or a test's.
    var environment: [String: String]
    /// The tool's own executable, when this process is the tool (``TallyCommandLine/main(properties:tables:)``)
    /// and can start itself again as a worker over the same catalog; `nil` for a catalog made in process.
    var executable: String? = nil
}

/// One subcommand of `tally`.
protocol TallyCommand {
    static var description: CommandDescription { get }
    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32
    /// What `--report FILE` can write, checked before the command runs.
    static var reportFormats: [ReportFormat] { get }
}

extension TallyCommand {
    /// JUnit and Markdown, the reports `tally check` and `tally tables run` write.
    static var reportFormats: [ReportFormat] { [.junit, .markdown] }
}
