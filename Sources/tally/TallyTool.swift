import Foundation

/// The `tally` command: checks tables and properties, fuzzes, replays.
@main
enum TallyTool {
    /// The subcommand called `name`.
    static func command(named name: String) -> (any TallyCommand.Type)? {
        switch name {
        case "check": CheckCommand.self
        case "replay": ReplayCommand.self
        default: nil
        }
    }

    static let usage = """
        OVERVIEW: Tally checks a domain engine's invariants and requirement tables.

        USAGE: tally <command> [options]

        COMMANDS:
          check     Run every table and every property at default settings (the main command)
          replay    Re-run one exact counterexample from its replay token

        See 'tally <command> --help' for a command's options.
        """

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        exit(await run(arguments))
    }

    /// Runs the command line `arguments` and returns the exit code: 0 success, 1 failures found,
    /// 2 a usage error.
    static func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first, !["--help", "-h", "help"].contains(name) else {
            print(usage)
            return arguments.isEmpty ? 2 : 0
        }
        guard let command = command(named: name) else {
            printError("tally: error: unknown command '\(name)'\n\(usage)")
            return 2
        }
        do {
            let parsed = try CommandLineArguments(Array(arguments.dropFirst()), command: command.description)
            if parsed.flags.contains("--help") {
                print(command.description.help)
                return 0
            }
            return try await command.run(parsed)
        } catch let error as UsageError {
            printError(error.message)
            return 2
        } catch {
            printError("tally \(name): error: \(error)")
            return 1
        }
    }
}

/// One subcommand of `tally`.
protocol TallyCommand {
    static var description: CommandDescription { get }
    /// Runs the command; returns its exit code.
    static func run(_ arguments: CommandLineArguments) async throws -> Int32
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
