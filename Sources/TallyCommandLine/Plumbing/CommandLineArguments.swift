import Foundation
import Tally

/// The arguments of one command, parsed by hand: positional values, `--option VALUE` and `--flag`.
///
/// Unknown options, missing values and surplus arguments are usage errors (exit code 2), each with one
/// message that names the problem and the command's usage.
struct CommandLineArguments {
    var positional: [String] = []
    var options: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The options a `TALLY_*` variable stood in for, with the variable's name (`--seed`: `TALLY_SEED`).
    var standIns: [String: String] = [:]

    /// Parses `arguments` for a command that accepts `options` (each followed by a value) and `flags`.
    ///
    /// `--help` (or `-h`) anywhere before `--` asks for the command's help and nothing else: the rest is
    /// not checked, so that `tally tables record --help` works without a path.
    init(_ arguments: [String], command: CommandDescription) throws(UsageError) {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            flags = ["--help"]
            return
        }
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                continue
            }
            if argument == "--" { onlyPositional = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if command.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(command: command, "\(name) takes no value") }
                flags.insert(name)
            } else if command.options.contains(name) {
                if let inlineValue {
                    options[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw UsageError(command: command, "\(name) needs a value")
                    }
                    options[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw UsageError(command: command, "unknown option '\(name)'")
            }
        }
        if positional.count > command.maximumPositional {
            throw UsageError(command: command, "unexpected argument '\(positional[command.maximumPositional])'")
        }
        if positional.count < command.minimumPositional {
            throw UsageError(command: command, "missing \(command.positionalName)")
        }
    }

    /// The options whose values are paths, each with whether it names a file to read (`true`) or a
    /// report to write.
    static let pathOptions = [
        "--table": true, "--fuzzer-input": true, "--report": false, "--html": false, "--merge": true, "--to": false,
    ]

    /// These arguments with the paths typed in `folder` (relative to the package root the tool runs
    /// in) read from there: option values that are paths, and positional values when `command` takes
    /// paths (``PackageRoot/resolve(_:typedIn:existing:)``).
    func resolvingPaths(typedIn folder: String, command: CommandDescription) -> CommandLineArguments {
        guard !folder.isEmpty else { return self }
        var resolved = self
        for (option, reads) in Self.pathOptions {
            resolved.options[option] = options[option]?.map {
                PackageRoot.resolve($0, typedIn: folder, existing: reads)
            }
        }
        if command.positionalArePaths {
            resolved.positional = positional.map { PackageRoot.resolve($0, typedIn: folder, existing: true) }
        }
        return resolved
    }

    /// These arguments with each option of `command` that was not given and that a `TALLY_*`
    /// variable of `environment` stands in for (``TallyVariables/Variable/option``, listed in the
    /// command's ``CommandDescription/variableOptions``) taken from that variable: one meaning for
    /// `TALLY_SEED` under `swift test`, `tally check` and `tally fuzz` alike.
    func withVariables(from environment: [String: String], command: CommandDescription) -> CommandLineArguments {
        var filled = self
        for variable in TallyVariables.all {
            guard let option = variable.option, command.variableOptions.contains(option), options[option] == nil,
                let value = environment[variable.name]
            else { continue }
            filled.options[option] =
                variable.separator.map { separator in
                    value.split(separator: separator).map { String($0).trimmingCharacters(in: .whitespaces) }.filter {
                        !$0.isEmpty
                    }
                } ?? [value]
            filled.standIns[option] = variable.name
        }
        return filled
    }

    /// How a message names `option`: itself, or the variable that stood in for it
    /// (`TALLY_SEED (for --seed)`).
    func shown(_ option: String) -> String {
        standIns[option].map { "\($0) (for \(option))" } ?? option
    }

    func value(_ option: String) -> String? { options[option]?.last }

    /// The value of `option` as a seed, decimal or `0x`-hexadecimal (as `TALLY_SEED` reads it).
    func seed(_ option: String, command: CommandDescription) throws(UsageError) -> UInt64? {
        guard let text = value(option) else { return nil }
        guard let seed = SeedText.parse(text) else {
            throw UsageError(command: command, "\(shown(option)) expects \(SeedText.expectation), got '\(text)'")
        }
        return seed
    }

    /// The value of `option` as seconds, from `90s`, `10m`, `1h`, `500ms` or a plain number of seconds.
    func duration(_ option: String, command: CommandDescription) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        if let seconds = DurationText.seconds(text) { return seconds }
        throw UsageError(
            command: command, "\(shown(option)) expects a duration greater than 0 such as 90s, 10m or 1h, got '\(text)'"
        )
    }

    /// The value of `option` as a positive whole number.
    func positiveInteger(_ option: String, command: CommandDescription) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw UsageError(command: command, "\(shown(option)) expects a whole number greater than 0, got '\(text)'")
        }
        return number
    }
}

/// What a command accepts, for parsing and for its `--help`.
///
/// `summary`, `usage` and `details` are written as `tally` prints them; a package's own tool prints its own
/// name instead (``help(tool:)``, ``usageLine(tool:)``).
struct CommandDescription {
    var name: String
    var summary: String
    var usage: String
    var details: String = ""
    var options: Set<String> = []
    /// The options a `TALLY_*` variable stands in for when they are not given
    /// (``CommandLineArguments/withVariables(from:command:)``).
    var variableOptions: Set<String> = []
    var flags: Set<String> = ["--help"]
    var minimumPositional = 0
    var maximumPositional = 0
    var positionalName = "argument"
    /// Whether the positional arguments are paths (of tables), read from the folder the command was
    /// typed in.
    var positionalArePaths = false

    func help(tool: String) -> String {
        "OVERVIEW: \(summary.naming(tool: tool))\n\nUSAGE: \(usageLine(tool: tool))\n"
            + (details.isEmpty ? "" : "\n\(details.naming(tool: tool))\n")
    }

    func usageLine(tool: String) -> String { usage.naming(tool: tool) }
}

/// A mistake in how a command was called: printed on standard error, exit code 2. The message names
/// the tool as the user runs it, which only the command line knows: see ``message(tool:)``.
struct UsageError: Error {
    /// The command whose problems these are; `nil` for a message printed as it is.
    private let command: CommandDescription?
    private let problems: [String]
    private var showsUsage = false
    private var pointsToHelp = false

    /// `problem` with the command's usage and a pointer to its help: the form for options and
    /// arguments that are wrong.
    init(command: CommandDescription, _ problem: String) {
        self.command = command
        problems = [problem]
        showsUsage = true
        pointsToHelp = true
    }

    /// One line per problem, then a pointer to the command's help when `pointsToHelp`: the form
    /// for arguments that are well formed but name nothing that exists.
    init(command: CommandDescription, problems: [String], pointsToHelp: Bool) {
        self.command = command
        self.problems = problems
        self.pointsToHelp = pointsToHelp
    }

    /// A message printed exactly as given: it must not name the tool, whose name it cannot know.
    init(message: String) {
        command = nil
        problems = [message]
    }

    /// The message, naming `tool`: `shipping check: error: …`, each problem on its line, then the usage
    /// line and where the help is, when given.
    func message(tool: String) -> String {
        guard let command else { return problems[0] }
        var lines = problems.map { "\(tool) \(command.name): error: \($0)" }
        if showsUsage { lines.append("Usage: \(command.usageLine(tool: tool))") }
        if pointsToHelp { lines.append("See '\(tool) \(command.name) --help'.") }
        return lines.joined(separator: "\n")
    }
}
