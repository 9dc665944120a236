import Foundation
import Tally

/// The commit the package is checked out at, for reports that say what they checked.
enum GitCommit {
    /// `git rev-parse HEAD` in the folder Tally runs in (the package root); `nil` when git is missing,
    /// the folder is no checkout, or git does not answer within a few seconds.
    static func current() -> String? {
        guard
            let run = try? ChildRun.run(
                ["/usr/bin/env", "git", "rev-parse", "--verify", "--quiet", "HEAD"], timeLimit: 5), run.succeeded
        else {
            return nil
        }
        let commit = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.count == 40 && commit.allSatisfy(\.isHexDigit) ? commit : nil
    }
}
