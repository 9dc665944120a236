import Foundation
import Tally

/// A run of the package's test binary stopped as a hang once no test has started or ended for its quiet
/// limit, with the tests still running named: the one way `tally` runs the package's tests, shared by the
/// survey of their properties (``TestProperties``) and `tally mutate`'s runs (``MutationTests``).
///
/// Swift Testing says when each test starts and ends in its event stream (``TestRunEvents``); XCTest
/// prints and flushes a `Test Case '…' started` and a `… passed` line for each, so its output growing is
/// its progress. A run killed for its time limit instead names its running tests the same way.
struct QuietTestRun {
    /// The variable that gives the quiet limit, for a test that takes longer than the default.
    static let variable = "TALLY_TEST_HANG_TIMEOUT"
    /// How long a run may go without a test starting or ending, unless ``variable`` says.
    static let defaultSeconds = 120.0

    /// How the run ended, its output and whether it was killed for going quiet or for its time limit.
    var run: ChildRun
    /// The tests it started and did not end, in the order they started (Swift Testing's events, or
    /// XCTest's lines).
    var running: [TestRunEvents.Running]
    /// The tests it started, ended or not (Swift Testing's `Test.ID`s, XCTest's `Module.Class/testMethod`):
    /// a run that started none of the tests it was asked for judged nothing, whatever its status says.
    var started: Set<String> = []
    /// Whether it reached its end (Swift Testing's `runEnded`; for XCTest, the process ending).
    var reachedEnd: Bool

    /// The seconds ``variable`` gives in `environment`, or the default; `command` names who refuses a bad one.
    static func limit(_ environment: [String: String], command: CommandDescription) throws(UsageError) -> Double {
        guard let text = environment[variable] else { return defaultSeconds }
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError(command: command, "\(variable)=\(text): expected \(DurationText.expectation)")
        }
        return seconds
    }

    /// Runs `binary`'s Swift Testing tests that `arguments` select, with `environment` added, writing
    /// their events to a file of its own in `folder`, until they end, go quiet for `quietLimit` seconds,
    /// or run past `timeLimit`. `linked` and `ownGroup` are
    /// ``ChildRun/run(_:environment:timeLimit:quiet:linked:ownGroup:gentleStop:)``'s.
    static func swiftTesting(
        _ binary: TestBinary, _ arguments: [String], environment: [String: String], folder: String, quietLimit: Double,
        timeLimit: Double? = nil, linked: Bool = false, ownGroup: Bool = false
    ) throws -> QuietTestRun {
        let eventFile = folder + "/events-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: eventFile) }
        let command =
            [binary.path, "--testing-library", "swift-testing"]
            + TestRunEvents.arguments(writingTo: eventFile) + arguments
        let run = try ChildRun.run(
            command, environment: environment, timeLimit: timeLimit,
            quiet: .growing(eventFile, seconds: quietLimit), linked: linked, ownGroup: ownGroup)
        let events = TestRunEvents((try? String(contentsOfFile: eventFile, encoding: .utf8)) ?? "")
        return QuietTestRun(run: run, running: events.running, started: events.started, reachedEnd: events.reachedEnd)
    }

    /// Runs `binary`'s XCTest cases `tests` (`Module.Class/testMethod`, as `--list-tests` names them),
    /// with `environment` added, until they end, print nothing for `quietLimit` seconds, or run past
    /// `timeLimit`.
    static func xctest(
        _ binary: TestBinary, _ tests: [String], environment: [String: String], quietLimit: Double,
        timeLimit: Double? = nil, linked: Bool = false, ownGroup: Bool = false
    ) throws -> QuietTestRun {
        let run = try ChildRun.run(
            [binary.path, tests.joined(separator: ",")], environment: environment,
            timeLimit: timeLimit, quiet: .output(seconds: quietLimit),
            linked: linked, ownGroup: ownGroup)
        // `Class.testMethod` as XCTest prints it: the listed `Module.Class/testMethod` it is.
        let listed = { (name: String) in
            tests.first { $0.hasSuffix("." + name.replacingOccurrences(of: ".", with: "/")) } ?? name
        }
        let cases = TestRunEvents.xctestCases(in: run.output)
        return QuietTestRun(
            run: run, running: cases.running.map { TestRunEvents.Running(id: listed($0), place: nil) },
            started: Set(cases.started.map(listed)), reachedEnd: !run.timedOut && !run.stopped)
    }

    /// `FaresTests.waits() (FaresTests/Laps.swift:12)`, the first three of the tests still running and
    /// how many more; `nil` when none was.
    var runningDescription: String? { TestRunEvents.describe(running) }

    /// What to do about a run stopped for going quiet whose first test still running is `filter`: show
    /// the hang with `swift test`, or give the test longer with `again`, the command to paste with a
    /// longer limit (`nil`: ``variable`` set to `longer`).
    static func remedy(filter: String?, longer: String, again: String?) -> String {
        let longer = again.map { "`\($0)`" } ?? "\(variable)=\(longer)"
        let show = "swift test --filter " + (filter.map(shellQuoted) ?? "<test>")
        return "A test that hangs hangs swift test too: `\(show)` shows it. "
            + "A test that only needs longer gets it with \(longer)."
    }

    /// The limit to suggest to a test that only needs longer than `seconds`: four times as long.
    static func longer(than seconds: Double) -> String { DurationText.text(seconds: seconds * 4) }
}
