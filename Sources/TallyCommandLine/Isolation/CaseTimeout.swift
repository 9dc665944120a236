import Tally

/// How long one case or table row may run before it counts as hung when `--case-timeout` does not
/// say: `tally check`, `tally fuzz`, `tally tables run` and `tally replay` share it, and their help says it.
enum CaseTimeout {
    /// The default, in seconds.
    static let defaultSeconds = 10

    /// The seconds `--case-timeout` (or `TALLY_CASE_TIMEOUT`, standing in for it) asks for, else the default.
    static func seconds(_ arguments: CommandLineArguments, command: CommandDescription) throws(UsageError) -> Double {
        try arguments.duration("--case-timeout", command: command) ?? Double(defaultSeconds)
    }

    /// `line` for a run under a case timeout of `seconds`: with `--case-timeout` when it is not the
    /// default, so that the pasted replay judges the case by the same timeout, and a hang found in 1 s
    /// replays in about 1 s, not 10.
    static func replayLine(_ line: ReplayLine, seconds: Double) -> ReplayLine {
        guard seconds != Double(defaultSeconds) else { return line }
        let option = " --case-timeout \(DurationText.text(seconds: seconds))"
        return ReplayLine { line.command(for: $0) + option }
    }
}
