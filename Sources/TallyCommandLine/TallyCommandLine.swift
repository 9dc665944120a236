import Foundation

/// The `tally` command line: checks tables and properties, fuzzes, replays.
public enum TallyCommandLine {
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
          mutate          Change the engines one operator at a time and check that the requirements notice

        See 'tally <command> --help' for a command's options.
        """

    /// The standard console: standard output and standard error, unbuffered, so that what was said
    /// survives a replayed case that crashes the process.
    public static let standardConsole = Console(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

    /// Runs the command line `arguments` (without the program name) and returns the exit code:
    /// 0 success, 1 failures found, 2 a usage error.
    public static func run(_ arguments: [String], catalog: TallyCatalog, console: Console = standardConsole) async -> Int32 {
        var arguments = arguments
        guard let first = arguments.first, !["--help", "-h", "help"].contains(first) else {
            console.out(usage)
            return arguments.isEmpty ? 2 : 0
        }
        var name = first
        arguments.removeFirst()
        if name == "tables" {
            guard let sub = arguments.first, !sub.hasPrefix("-") else {
                if arguments.first == "--help" { console.out(usage); return 0 }
                console.err("tally tables: error: missing subcommand: lint, run or record\n\(usage)")
                return 2
            }
            name = "tables " + sub
            arguments.removeFirst()
        }
        guard let command = command(named: name) else {
            console.err("tally: error: unknown command '\(name)'\n\(usage)")
            return 2
        }
        let context = CommandContext(catalog: catalog, console: console)
        do {
            let parsed = try CommandLineArguments(arguments, command: command.description)
            if parsed.flags.contains("--help") {
                console.out(command.description.help)
                return 0
            }
            return try await command.run(parsed, context: context)
        } catch let error as UsageError {
            console.err(error.message)
            return 2
        } catch {
            console.err("tally \(name): error: \(error)")
            return 1
        }
    }

    /// The subcommand called `name`.
    static func command(named name: String) -> (any TallyCommand.Type)? {
        switch name {
        case "check": CheckCommand.self
        case "replay": ReplayCommand.self
        case "tables lint": TablesLintCommand.self
        case "tables run": TablesRunCommand.self
        case "tables record": TablesRecordCommand.self
        case "fuzz": FuzzCommand.self
        case "promote": PromoteCommand.self
        case "fuzz-worker": FuzzWorkerCommand.self
        case "fuzz-evaluate": FuzzEvaluateCommand.self
        case "mutate": MutateCommand.self
        case "mutate-worker": MutateWorkerCommand.self
        default: nil
        }
    }
}

/// What a command runs against and writes to.
struct CommandContext {
    var catalog: TallyCatalog
    var console: Console
}

/// One subcommand of `tally`.
protocol TallyCommand {
    static var description: CommandDescription { get }
    /// Runs the command; returns its exit code.
    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32
}
