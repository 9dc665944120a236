import Foundation
import TallyTestSupport
import Testing

@testable import Tally

@Suite(.propertySettings(savesFailures: false)) struct FailureReportTests {
    static let overFiveHundred = Property("over five hundred (reports)", Gen.int(in: 0...10_000)) { n in
        try ensure(n < 500, "n < 500")
    }

    static func configuration(folder: String?, seed: UInt64?) -> RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = folder
        configuration.seed = seed
        return configuration
    }

    /// A case no shrinker tried a candidate for (its value could not be made, or it passed alone) was not
    /// shrunk: its heading says nothing of shrinking. Before, it read "shrunk in 0 steps, 0 attempts, 0 ms".
    @Test func aCaseNotShrunkDoesNotSayItWasShrunk() throws {
        func report(attempts: Int) throws -> String {
            let record = PropertyResultRecord(
                propertyID: "p", seed: 1, casesRun: 1, duration: .milliseconds(5),
                value: "(not known: the value could not be made: its generator crashed)",
                failure: "crashed with signal 4 (SIGILL) while generating the case", originalValue: "7",
                token: ReplayToken(propertyID: "p", choices: []), origin: .search, shrinkSteps: 0,
                shrinkAttempts: attempts, shrinkDuration: .zero, shrinkNote: nil, reproduced: true, savedPath: nil,
                seedWasGiven: false)
            return try #require(record.result?.failureReport(replayCommand: "swift test"))
        }
        #expect(
            try report(attempts: 0).contains(
                "\n\nCounterexample:\n  (not known: the value could not be made: its generator crashed)\n"))
        #expect(try report(attempts: 3).contains("\n\nCounterexample (shrunk in 0 steps, 3 attempts, 0 ms):\n"))
    }

    @Test func anExplicitSeedAfterASavedFailureSaysItWasNotUsed() async throws {
        try await withTemporaryFolder { folder in
            let saved = try #require(
                await Self.overFiveHundred.check(Self.configuration(folder: folder, seed: nil)).counterexample?
                    .savedPath)
            let again = await Self.overFiveHundred.check(Self.configuration(folder: folder, seed: 42))
            let report = try #require(again.failureReport(replay: .tallyReplay))
            #expect(
                report.contains(
                    "\nSeed: none used (the saved failure failed before any search)   Cases: 1   Evaluations: "))
            #expect(
                report.contains(
                    "\nSeed 42 was given but not used: 1 saved failure replayed first, and \(saved) "
                        + "failed before the search began. Set TALLY_EXAMPLES=off to search with seed 42 alone.\n"
                ))
        }
    }

    @Test func anExplicitSeedAfterSavedFailuresThatPassNowSaysWhichSeedSearched() async throws {
        try await withTemporaryFolder { folder in
            try ExampleStore(directory: folder).save(
                ReplayToken(propertyID: Self.overFiveHundred.id, choices: [3]), propertyID: Self.overFiveHundred.id)
            let result = await Self.overFiveHundred.check(Self.configuration(folder: folder, seed: 42))
            #expect(
                result.seedNote
                    == "Replayed 1 saved failure first (passing now, so removed), then searched with seed 42.")
            let report = try #require(result.failureReport(replay: .tallyReplay))
            #expect(report.contains("\nSeed: 42   Cases: "))
            #expect(
                report.contains(
                    "\nReplayed 1 saved failure first (passing now, so removed), then searched with seed 42.\nReplay: "
                        + "swift run tally replay "
                ))
            let derived = await Self.overFiveHundred.check(Self.configuration(folder: nil, seed: nil))
            #expect(derived.seedNote == nil, "no note without an explicit seed")
        }
    }

    /// Three cases grow, while they cannot tell, to the hundred that can show 5% (twenty times three would
    /// stop at sixty and give up saying "run at least 100"); a sample still too small says how many to run.
    @Test func aCoverageMissGrowsToTheCasesThatCanShowIt() async throws {
        let rare = Property("rare (reports)", Gen.int(in: 0...1000)) { n in cover(5, n == 777, "777") }
        var configuration = Self.configuration(folder: nil, seed: 1)
        configuration.iterations = 3
        guard case .gaveUp(let reason) = await rare.check(configuration).outcome else {
            Issue.record("expected a coverage miss")
            return
        }
        #expect(reason == "coverage: \"777\" was reached in 0.0% of 100 cases, the property requires at least 5.0%")
        #expect(
            CoverageShortfall(label: "x", percent: 0, required: 5).message(cases: 60).hasSuffix(
                "of 60 cases, the property requires at least 5.0%; 60 cases cannot show 5.0% coverage reliably: "
                    + "run at least 100 (TALLY_ITERATIONS=100, or --iterations 100 for tally check)"
            ))
        #expect(
            CoverageShortfall(label: "x", percent: 2, required: 5).message(cases: 100)
                == "coverage: \"x\" was reached in 2.0% of 100 cases, the property requires at least 5.0%")
        #expect(CoverageShortfall.casesNeeded(toShow: 1) == 500)
    }

    @Test(arguments: ["only argument"])
    func theSwiftTestFilterOfAParameterizedTestIsItsModuleSuiteAndFunction(_ argument: String) throws {
        let test = try #require(Test.current)
        #expect(
            ReplayLine.swiftTestFilter(for: test)
                == "TallyTests.FailureReportTests/theSwiftTestFilterOfAParameterizedTestIsItsModuleSuiteAndFunction")
        let token = ReplayToken(propertyID: "p", choices: [1])
        #expect(
            ReplayLine.swiftTest(filter: "A.b/c").command(for: token)
                == "TALLY_REPLAY=\(token) swift test --filter A.b/c")
        #expect(
            ReplayLine.swiftTest(filter: "A.`odd name`").command(for: token)
                == "TALLY_REPLAY=\(token) swift test --filter 'A.`odd name`'")
        #expect(ReplayLine.escapedForRegex("a.b(c)") == "a.b\\(c\\)")
        #expect(shellQuoted("it's") == "'it'\\''s'")
    }

    @Test(.propertiesUnchosen) func aFailingRequireInsideForAllShowsItsOwnPlace() async throws {
        let issues = await issuesRecorded {
            await forAll(Gen.int(in: 0...100).optional, name: "require inside forAll") { value in
                _ = try #require(value, "a value")
            }
        }
        let report = try #require(issues.first?.text)
        #expect(
            report.contains(
                "\nFailure:\n  Expectation failed: value → nil: a value (TallyTests/FailureReportTests.swift:"))
        #expect(!report.contains("(error)"))
    }

    @Test func anOutdatedSavedExampleIsReplayedAndRewrittenWithOneNote() throws {
        try withTemporaryFolder { folder in
            let store = ExampleStore(directory: folder)
            let id = Self.overFiveHundred.id
            let old = store.folder(for: id) + "/old.token"
            try AtomicFile.write(
                ReplayToken.hash(of: id) + "." + Base64URL.encode(ChoiceSequence([9_000]).encoded) + "\n", to: old)
            var warnings: [String] = []
            let loaded = store.load(propertyID: id) { warnings.append($0) }
            #expect(loaded.map(\.token.choices) == [[9_000]])
            #expect(warnings.count == 1)
            #expect(
                warnings.first?.hasPrefix(
                    "tally: note: saved example \(old) was in an outdated format (a token without a checksum); "
                        + "it is replayed, and was rewritten as "
                ) == true)
            #expect(!FileManager.default.fileExists(atPath: old))
            var again: [String] = []
            #expect(store.load(propertyID: id) { again.append($0) }.count == 1)
            #expect(again.isEmpty, "reported once")
        }
    }
}
