import Synchronization
import Testing

@testable import Tally

/// The issues that escape `body`, captured instead of failing the test, so a test can check that a
/// property which must fail does fail, with exactly one well-formed issue.
func issuesRecorded(by body: @escaping @Sendable () async -> Void) async -> [Issue] {
    let captured = Mutex<[Issue]>([])
    let capture: IssueHandlingTrait = .compactMapIssues { issue in
        captured.withLock { $0.append(issue) }
        return nil
    }
    try? await capture.provideScope(for: Test.current!, testCase: Test.Case.current, performing: body)
    return captured.withLock { $0 }
}

extension Issue {
    /// The issue's comments joined as one text.
    var text: String { comments.map(\.rawValue).joined(separator: "\n") }
}

@Suite(.propertySettings(savesFailures: false)) struct ForAllTests {
    @Test(.propertiesUnchosen) func failingPropertyRecordsExactlyOneIssueWithTheShrunkValueAndReplayLine() async throws
    {
        let line = #line + 3  // the expectation below, which the report names
        let issues = await issuesRecorded {
            await forAll(Gen.int(in: 0...10_000)) { n in
                #expect(n < 500)
            }
        }
        try #require(issues.count == 1)
        let report = issues[0].text
        #expect(report.contains("Counterexample (shrunk in"))
        #expect(report.contains("\n  500\n"))
        #expect(
            report.contains("\n  Expectation failed: (n → 500) < 500 (TallyTests/ForAllTests.swift:\(line))\n"),
            "the expectation's own place")
        #expect(!report.contains("(error)"))
        #expect(report.contains("Original failing value:"))
        #expect(report.contains("Seed: "))
        #expect(report.contains("Replay: TALLY_REPLAY="))
        #expect(
            report.hasSuffix(
                " swift test --filter "
                    + "TallyTests.ForAllTests/failingPropertyRecordsExactlyOneIssueWithTheShrunkValueAndReplayLine"
            ))
        #expect(issues[0].sourceLocation?.fileID == "TallyTests/ForAllTests.swift")
    }

    @Test func passingPropertyRecordsNothing() async {
        let issues = await issuesRecorded {
            await forAll(Gen.int(in: -100...100), Gen.int(in: -100...100)) { a, b in
                #expect(a + b == b + a)
            }
        }
        #expect(issues.isEmpty)
    }

    @Test(.propertiesUnchosen) func requireFailuresAndThrownErrorsFailTheCase() async throws {
        struct Broken: Error {}
        let required = await issuesRecorded {
            await forAll(Gen.int(in: 0...100).optional) { value in
                _ = try #require(value)
            }
        }
        try #require(required.count == 1)
        #expect(required[0].text.contains("\n  nil\n"))
        let thrown = await issuesRecorded {
            await forAll(Gen.int(in: 0...100)) { n in
                if n >= 7 { throw Broken() }
            }
        }
        try #require(thrown.count == 1)
        #expect(thrown[0].text.contains("\n  7\n"))
        #expect(thrown[0].text.contains("threw"))
    }

    @Test(.propertiesUnchosen) func asyncBodiesWork() async throws {
        actor Ledger {
            var total = 0
            func add(_ amount: Int) -> Int { total += amount; return total }
        }
        let issues = await issuesRecorded {
            await forAll(Gen.int(in: 0...1000).array(length: 0...10)) { amounts in
                let ledger = Ledger()
                var last = 0
                for amount in amounts { last = await ledger.add(amount) }
                #expect(last < 1500)
            }
        }
        try #require(issues.count == 1)
        #expect(issues[0].text.contains("\n  [500, 1000]\n"))
    }

    @Test func knownIssuesAndWarningsInTheBodyDoNotFailTheCase() async {
        let issues = await issuesRecorded {
            await forAll(Gen.int(in: 0...10)) { _ in
                withKnownIssue { Issue.record("known") }
            }
        }
        #expect(issues.allSatisfy { !$0.isFailure })
    }

    @Test(.propertiesUnchosen, .propertySettings(iterations: 10)) func settingsTraitSetsTheNumberOfCases() async {
        let count = Mutex(0)
        await forAll(Gen.bool) { _ in count.withLock { $0 += 1 } }
        #expect(count.withLock { $0 } == casesPerProperty(iterations: 10))
    }
}

@Suite struct ForAllReplayTests {
    /// The failing property of these tests, with a fixed name so its token is stable.
    static func failing() async {
        await forAll(Gen.int(in: 0...10_000), name: "replayed under Swift Testing") { n in
            #expect(n < 500)
        }
    }

    @Test(.propertiesUnchosen) func aTokenFromTheFailureReplaysExactlyThatCaseWithoutSearching() async throws {
        var settings = RunConfiguration()
        settings.exampleDirectory = nil
        let first = await PropertySettings.$current.withValue(settings) {
            await issuesRecorded { await Self.failing() }
        }
        let report = try #require(first.first?.text)
        let replayLine = try #require(report.split(separator: "\n").last { $0.hasPrefix("Replay: TALLY_REPLAY=") })
        let token = try ReplayToken(
            parsing: String(replayLine.dropFirst("Replay: TALLY_REPLAY=".count).prefix { $0 != " " }))

        settings.replay = token
        let replayed = await PropertySettings.$current.withValue(settings) {
            await issuesRecorded { await Self.failing() }
        }
        try #require(replayed.count == 1)
        #expect(replayed[0].text.contains("failed replaying \(token)."))
        #expect(replayed[0].text.contains("Counterexample:\n  500\n"))
        #expect(replayed[0].text.contains("Cases: 1"))
    }
}
