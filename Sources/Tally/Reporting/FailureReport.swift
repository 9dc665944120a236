extension PropertyResult {
    /// The failure as a person reads it, ending with `Replay: TALLY_REPLAY=<token> <replayCommand>`
    /// (such as `swift test --filter f`).
    public func failureReport(replayCommand: String) -> String? {
        failureReport(replay: ReplayLine { "TALLY_REPLAY=\($0) \(replayCommand)" })
    }

    /// The failure as a person reads it: the shrunk value first, then what failed, the original value,
    /// the counts and seed, and `Replay: <the replay line's command>`.
    public func failureReport(replay: ReplayLine) -> String? {
        switch outcome {
        case .passed:
            return nil
        case .gaveUp(let reason):
            return "Property \(propertyID) could not be checked: \(reason)"
        case .failed(let example):
            var lines: [String] = []
            let found: String
            switch example.origin {
            case .search: found = "after \(casesRun) case\(casesRun == 1 ? "" : "s")"
            case .savedExample(let path): found = "replaying the saved failure \(path)"
            case .replay: found = "replaying \(example.token)"
            }
            lines.append("Property \(propertyID) failed \(found).")
            lines.append("")
            // A replay runs its one exact case; a case no shrinker tried a candidate for was not shrunk,
            // and "shrunk in 0 steps, 0 attempts, 0 ms" would say it was: its value and failure say why.
            let shrunk =
                example.origin == .replay || example.shrinkAttempts == 0
                ? ""
                : " (shrunk in \(example.shrinkSteps) step\(example.shrinkSteps == 1 ? "" : "s"), "
                    + "\(example.shrinkAttempts) attempt\(example.shrinkAttempts == 1 ? "" : "s"), "
                    + "\(example.shrinkDuration.milliseconds) ms)"
            lines.append("Counterexample\(shrunk):")
            lines.append(example.value.indented)
            lines.append("Failure:")
            lines.append(example.failure.indented)
            if example.originalValue != example.value {
                lines.append("Original failing value:")
                lines.append(example.originalValue.indented)
            }
            if let budget = example.shrinkBudgetExhausted {
                // A note may already say what stopped ("shrinking stopped at the time budget", "not shrunk: …").
                let said = budget.hasPrefix("shrinking ") || budget.hasPrefix("not shrunk")
                lines.append(
                    (said ? budget.prefix(1).uppercased() + budget.dropFirst() : "Shrinking \(budget)")
                        + "; the counterexample may not be minimal.")
            }
            if !example.reproduced {
                lines.append(
                    "Warning: replaying the counterexample did not fail again: "
                        + "the property is flaky (it depends on something besides its input)."
                )
            }
            lines.append(seedLine(example.origin) + "   " + costs)
            if let note = seedNote { lines.append(note) }
            if let reason = example.notSaved { lines.append("Not saved: \(reason)") }
            lines.append("Replay: \(replay.command(for: example.token))")
            return lines.joined(separator: "\n")
        }
    }

    /// The seed and counts; a run that never searched says that no seed was used.
    private func seedLine(_ origin: Counterexample.Origin) -> String {
        switch origin {
        case .search:
            return "Seed: \(seed)   Cases: \(casesRun)   Discarded: \(casesDiscarded)"
        case .savedExample:
            return "Seed: none used (the saved failure failed before any search)   Cases: \(casesRun)"
        case .replay:
            return "Seed: none used (a replay runs one exact case)   Cases: \(casesRun)"
        }
    }

    /// For a run given an explicit seed (`TALLY_SEED`, `--seed`) that replayed saved failures first:
    /// what was replayed, and which seed the search then used, or why it used none.
    public var seedNote: String? {
        guard seedWasGiven, savedExamplesReplayed > 0 else { return nil }
        let saved = "\(savedExamplesReplayed) saved failure\(savedExamplesReplayed == 1 ? "" : "s")"
        if case .savedExample(let path)? = counterexample?.origin {
            return
                "Seed \(seed) was given but not used: \(saved) replayed first, and \(path) "
                + "failed before the search began. "
                + "Set TALLY_EXAMPLES=off to search with seed \(seed) alone."
        }
        return "Replayed \(saved) first (passing now, so removed), then searched with seed \(seed)."
    }

    /// The label distribution of the run, as `TALLY_STATS=1` prints it.
    public var statisticsReport: String {
        "Tally statistics for \(propertyID) (\(casesRun) cases):\n\(labels.table(cases: casesRun))"
    }
}

extension String {
    /// Each line indented two spaces, as reports show a counterexample under its heading.
    package var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

extension Duration {
    /// Whole milliseconds, rounded down, for reports.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
