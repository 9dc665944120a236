import Foundation
import TallyTestSupport
import Testing

@testable import Tally
@testable import TallyCommandLine

/// The three front ends that recover a case that killed or hung its process — `swift test` rechecking a
/// saved trap (`TrapRecovery`), `tally check` (`CheckRecovery`) and `tally fuzz` (`FuzzJob`) — say one
/// decision (`InFlightRecovery`), each in its own report: given the same children, the same case.
///
/// Before, `swift test` decided on its own: a case whose generator trapped again was a failure with its
/// token there, but "not found" to check and fuzz, which gave up without it; and fuzz gave up on a case
/// no process could make again, which check and `swift test` report by its token.
@Suite struct RecoveryFrontEndsTests {
    static let token = ReplayToken(propertyID: "p", randomStart: RandomSource(seed: 5))

    /// A front end's report of the case: its token, its value, and all it says of the failure.
    struct Report: Equatable, CustomStringConvertible {
        var token: ReplayToken
        var value: String
        var says: String
        var description: String { "\(token) \(value): \(says)" }
    }

    /// What each front end reports of the case of ``token``, saved as a trap by an earlier run or
    /// announced by a worker that died of SIGILL, recovered in children of the recoveries `recovery`
    /// makes; and whether the saved trap is still there.
    static func reports(_ recovery: @escaping @Sendable () -> CaseRecovery) async throws -> (
        trap: Report?, check: Report?, fuzz: Report?, trapKept: Bool
    ) {
        try await withTemporaryFolder { folder in
            let path = folder + "/trap-saved.trap"
            try (token.description + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            var configuration = RunConfiguration()
            configuration.exampleDirectory = folder
            let trapRecovery = TrapRecovery(
                id: "p", testID: "t", store: (folder, folder), flight: nil, caseTimeout: .seconds(1))
            let trap = await trapRecovery.recheck(savedAt: path, recovery(), configuration)?.counterexample

            configuration.exampleDirectory = nil
            let check = await CheckRecovery(
                executable: "", index: 0, property: Property("p", Gen.int(in: 0...9)) { _ in },
                configuration: configuration, caseTimeout: 1
            ).recover(
                recovery(), crash: .signal(4), announced: token, flightStart: nil, casesStarted: 1, started: Date()
            ).counterexample

            let what = "crashed with signal 4 (SIGILL)"
            let fuzz = await FuzzJob.recover(
                [token], what: what, end: Date().addingTimeInterval(30), recovery(), FuzzBudget(seconds: nil))
            var fuzzReport: Report?
            if case .found(let token, let value, _, let failure, _, let note) = fuzz {
                fuzzReport = Report(token: token, value: value, says: failure + (note.map { " (\($0))" } ?? ""))
            }
            return (
                trap.map { Report(token: $0.token, value: $0.value, says: $0.failure) },
                check.map { Report(token: $0.token, value: $0.value, says: $0.failure) }, fuzzReport,
                FileManager.default.fileExists(atPath: path)
            )
        }
    }

    /// A generator that traps again when its case is made alone: each reports the case by its token,
    /// the same crash with the runtime's message (made once more with backtraces), and a value not
    /// known. Before, check and fuzz gave up without the token, and then said only the signal.
    @Test func aGeneratorThatTrapsAgainIsReportedByItsTokenEverywhere() async throws {
        let log = ChildLog()
        let reports = try await Self.reports {
            ScriptedChild.recovery(
                log, dyingOn: "REGENERATE", explanation: "Swift runtime failure: arithmetic overflow")
        }
        let expected = Report(
            token: Self.token,
            value: "(not known: the value could not be made: its generator crashed)",
            says: "crashed with signal 4 (SIGILL) while generating the case:\n"
                + "Swift runtime failure: arithmetic overflow")
        #expect(reports.trap == expected)
        #expect(reports.check == expected)
        #expect(reports.fuzz == expected)
    }

    /// No process can make the case again: not rechecked is not passed. Each reports it by its token and
    /// says why; the saved trap stays. Before, fuzz gave up without the token.
    @Test func aCaseNoProcessCanMakeIsReportedByItsTokenEverywhere() async throws {
        let reports = try await Self.reports {
            CaseRecovery(propertyID: "p", caseTimeout: .seconds(1)) { _, timeout in
                ChildEvaluator(propertyID: "p", timeout: timeout, startupTimeout: .seconds(1)) {
                    throw CocoaError(.fileNoSuchFile)
                }
            }
        }
        for (name, report) in [("swift test", reports.trap), ("check", reports.check), ("fuzz", reports.fuzz)] {
            #expect(report?.token == Self.token, "\(name): \(report.map(\.description) ?? "no failure")")
            #expect(report?.value == "(not known: no process could replay the case)", "\(name)")
            #expect(report?.says.contains("no process could be started") == true, "\(name): \(report?.says ?? "")")
        }
        #expect(reports.trapKept, "the saved trap stays, to be checked again")
    }

    /// The case passes alone: never shrunk as a failure. `swift test` removes the trap an earlier run
    /// saved (that run already failed); check and fuzz, whose worker died in this run, fail it alike.
    @Test func aCaseThatPassesAloneIsNeverShrunkAsAFailure() async throws {
        let log = ChildLog()
        let reports = try await Self.reports { ScriptedChild.recovery(log) }
        #expect(reports.trap == nil && !reports.trapKept)
        let expected = Report(
            token: ReplayToken(propertyID: "p", choices: [7]), value: "7",
            says: "crashed with signal 4 (SIGILL) in the worker process running it; replayed alone in a fresh "
                + "process, the case in flight passed")
        #expect(reports.check == expected)
        #expect(reports.fuzz == expected)
        #expect(!log.entries.contains("SHRINK") && log.entries.filter { $0 == "EVAL" }.count == 3, "\(log.entries)")
    }
}
