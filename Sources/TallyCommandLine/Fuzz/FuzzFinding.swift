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
    /// Steps the shrinker took; `nil` when it tried no candidate (the case as found: its value could not
    /// be made, it passed alone, or no time was left), which says nothing of shrinking, as `tally check` does.
    var shrinkSteps: Int?
    /// Why shrinking stopped before it was done (a stop request, the time budget), if it did.
    var shrinkNote: String?
    var savedPath: String?
    /// Why it could not be saved, when saving was on and failed (then no `swift test` replays it).
    var notSaved: String?
    var isNew: Bool
    /// The failure the search found first, when a smaller case killed or hung the worker while it
    /// shrank that failure: saved as found, unshrunk, so that it is not lost.
    var foundFirst: FoundFirst?

    /// A failure found before the crash or hang reported, saved as it was found.
    struct FoundFirst {
        var value: String
        var failure: String
        var token: String
        var savedPath: String?
    }

    func replay(_ line: ReplayLine) -> String {
        Self.replay(token, line)
    }

    /// The command that replays `token`, as `line` prints it.
    static func replay(_ token: String, _ line: ReplayLine) -> String {
        (try? ReplayToken(parsing: token)).map(line.command(for:)) ?? "(no valid replay token: \(token))"
    }

    /// How the failure found first comes to be reported beside this finding.
    var foundFirstHeading: String {
        "Found first, and saved unshrunk: a smaller case \(kind == .hang ? "hung" : "crashed") "
            + "the worker while it shrank this failure"
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
    /// In a merged report, the shard that ran it (`3/4`).
    var shard: String?

    var rate: Double { seconds > 0 ? Double(cases) / seconds : 0 }
    /// Whether it failed: a case broke it, or it could not be checked (it gave up), which is no pass.
    var failed: Bool { finding != nil || gaveUp != nil }
}
