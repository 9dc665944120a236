/// How long one case or table row may run before it counts as hung when `--case-timeout` does not
/// say: `tally check`, `tally fuzz` and `tally tables run` share it, and their help says it.
enum CaseTimeout {
    /// The default, in seconds.
    static let defaultSeconds = 10
}
