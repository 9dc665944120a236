extension PropertyResult {
    /// The failure as a person reads it: the shrunk value first, then what failed, the original value,
    /// the counts and seed, and one command that replays the shrunk case.
    ///
    /// `replayCommand` is the command the token is prefixed to, such as `swift test --filter f`.
    public func failureReport(replayCommand: String) -> String? {
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
            lines.append("Counterexample\(example.origin == .replay ? "" : " (shrunk in \(example.shrinkSteps) steps, \(example.shrinkAttempts) attempts, \(example.shrinkDuration.milliseconds) ms)"):")
            lines.append(example.value.indented)
            lines.append("Failure:")
            lines.append(example.failure.indented)
            if example.originalValue != example.value {
                lines.append("Original failing value:")
                lines.append(example.originalValue.indented)
            }
            if let budget = example.shrinkBudgetExhausted {
                lines.append("Shrinking \(budget); the counterexample may not be minimal.")
            }
            if !example.reproduced {
                lines.append("Warning: replaying the counterexample did not fail again: the property is flaky (it depends on something besides its input).")
            }
            lines.append(countsLine)
            lines.append("Replay: TALLY_REPLAY=\(example.token) \(replayCommand)")
            return lines.joined(separator: "\n")
        }
    }
}

extension String {
    var indented: String {
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
