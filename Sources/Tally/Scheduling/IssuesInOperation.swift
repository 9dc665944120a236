import Synchronization
import Testing

/// Catches the Swift Testing issues a scheduled operation records, so that an `#expect` inside it
/// fails the case through ``Interleaving/outcome`` — once, for the shrunk case — instead of being
/// recorded against the test for every case the search and the shrinker try.
enum IssuesInOperation {
    /// One issue: what failed, and where.
    struct Recorded: Sendable {
        let text: String
        let fileID: String
        let line: Int
    }

    static func collect<Outcome>(_ operation: @Sendable () async -> Outcome) async -> (
        value: Outcome, issues: [Recorded]
    ) {
        guard let test = Test.current else { return (await operation(), []) }
        let issues = Mutex<[Recorded]>([])
        let result = RunResult<Outcome>()
        let scope: IssueHandlingTrait = .compactMapIssues { issue in
            guard issue.isFailure else { return issue }
            var text = String(describing: issue)
            if text.hasSuffix(" (error)") { text.removeLast(" (error)".count) }
            let place = issue.sourceLocation
            issues.withLock { $0.append(Recorded(text: text, fileID: place?.fileID ?? "", line: place?.line ?? 0)) }
            return nil
        }
        try? await scope.provideScope(for: test, testCase: Test.Case.current) {
            result.finish(await operation())
        }
        return (result.value!, issues.withLock { $0 })
    }
}
