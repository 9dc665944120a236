import Tally

/// What fuzzing one property found.
struct FuzzFinding {
    enum Kind: String {
        /// The property failed (threw or recorded a failure), and the worker shrank it.
        case failure
        /// The worker process died (a trap, a signal); the supervisor recovered and shrank the input.
        case crash
        /// A case ran past the per-case timeout; the supervisor recovered and shrank the input.
        case hang
    }

    var kind: Kind
    var token: String
    var value: String
    var original: String
    var failure: String
    var shrinkSteps: Int
    /// Why shrinking stopped before it was done (a stop request, the time budget), if it did.
    var shrinkNote: String?
    var savedPath: String?
    /// Why it could not be saved, when saving was on and failed (then no `swift test` replays it).
    var notSaved: String?
    var isNew: Bool

    /// The command that replays the shrunk case, as `line` prints it.
    func replay(_ line: ReplayLine) -> String {
        (try? ReplayToken(parsing: token)).map(line.command(for:)) ?? "(no valid replay token: \(token))"
    }
}

/// The outcome of fuzzing one property.
struct FuzzPropertyOutcome {
    var name: String
    var cases = 0
    var seconds = 0.0
    var labels: [String: Int] = [:]
    var finding: FuzzFinding?
    var gaveUp: String?
    /// Why the property did not run at all (the budget was spent, the run was stopped), if it did not.
    var notRun: String?
    /// What interrupted its run, if something did (a stop request while a case was running).
    var interrupted: String?

    var rate: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    /// Whether it failed: a case broke it, or it could not be checked (it gave up), which is no pass.
    var failed: Bool { finding != nil || gaveUp != nil }
}
