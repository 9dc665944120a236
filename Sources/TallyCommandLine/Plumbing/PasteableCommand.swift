import Tally

extension CommandLineArguments {
    /// These arguments as a command to paste at the package root: the `TALLY_*` variables of
    /// `environment` that change what a run does and stand in for no option, then `swift run TOOL
    /// COMMAND`, each option given (by name; one a variable stood in for as the option), each flag and
    /// positional value, and `adding`.
    func pasteable(tool: String, command: CommandDescription, environment: [String: String], adding: [String] = [])
        -> String
    {
        let variables = TallyVariables.all.filter { $0.audience == .user && $0.option == nil }
            .compactMap { variable in environment[variable.name].map { "\(variable.name)=\(shellQuoted($0))" } }
        var words = variables + ["swift", "run", shellQuoted(tool), command.name]
        for option in command.options.sorted() {
            for value in options[option] ?? [] { words += [option, shellQuoted(value)] }
        }
        words += flags.subtracting(["--help"]).sorted() + positional.map(shellQuoted) + adding.map(shellQuoted)
        return words.joined(separator: " ")
    }
}
