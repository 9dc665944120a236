import Foundation
import Tally

/// The package's tests as a judge of mutants, as PIT and Stryker use a project's own suite: one run of the
/// scratch build's test binary, with every mutant site writing down which test reached it
/// (``SchemaSupport/reachVariable``), decides per mutant the few tests to run; a mutant is killed when
/// one of them fails on it. A mutant no test reaches is told apart from one reached and not noticed.
struct MutationTests: Sendable {
    /// The scratch build's test binary.
    let binary: TestBinary
    /// The modules of the test targets that judge (``PackageTargets/Target/moduleName``), as test ids begin.
    let modules: [String]
    /// The modules of test targets that reach the mutated code but hold no test the binary lists (one whose
    /// tests are all left out of this platform's build, or that holds none yet): they judge nothing.
    var idleModules: [String] = []
    /// Their XCTest tests, `Module.Class/testMethod`: XCTest names no test as it runs, so the reaching run
    /// runs each alone and names what it reaches after it (``xctestPrefix``).
    var xctests: [String] = []
    /// How many Swift Testing tests judge.
    var swiftTestingCount = 0
    /// How many tests judge: what running every test for every mutant would run each time.
    var total: Int { swiftTestingCount + xctests.count }
    /// Per mutant id, the tests (`Test.ID`s) that reached its site; `""` for code reached outside any
    /// test's task (a detached thread, say), which only the whole suite is sure to reach again.
    let reach: [Int: Set<String>]
    /// The wall time of the reaching run, the whole suite.
    let seconds: Double
    /// How long a run of the tests may go with no test starting or ending before it is stopped as a
    /// hang (``QuietTestRun``).
    let quietLimit: Double
    /// Where a run's event stream is written (the scratch build's folder).
    let folder: String

    /// The test targets that test `target`: those that depend on it or on a spec of it directly. A test
    /// target that reaches it only through a tool (as `tally`'s own tests reach every engine) tests the tool.
    static func testTargets(reaching target: String, in package: PackageTargets) -> [String] {
        let specs = (try? package.specs(testing: target)) ?? []
        return package.targets.values.filter { test in
            test.type == "test" && test.dependencies.contains { $0 == target || specs.contains($0) }
        }.map(\.name).sorted()
    }

    /// How an XCTest case is written among the tests that reached a site: XCTest names no test as it
    /// runs, so each of its cases runs alone in the reaching run, with ``SchemaSupport/reachTestVariable``.
    static let xctestPrefix = "xctest:"

    /// Runs every test of `binary` once, unmutated, writing down which test reaches which site; the
    /// tests must pass, or no mutant can be judged by them, and must not go quiet for `quietLimit`
    /// (the error names the test that hung, and `again`, given a longer limit, the command to paste).
    static func reaching(
        _ binary: TestBinary, modules: [String], folder: String, jobs: Int, quietLimit: Double,
        again: @escaping @Sendable (String) -> String
    ) async throws -> MutationTests {
        let file = folder + "/reach-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let environment = [
            SchemaSupport.variable: "0", SchemaSupport.reachVariable: file, "SWIFT_BACKTRACE": "enable=no",
        ]
        let start = Date()
        // Swift Testing ends a run that matched no test with status 69: a package with XCTest cases only.
        let swiftTesting = try ChildRun.run(
            [binary.path, "--testing-library", "swift-testing", "--list-tests"] + TestBinary.filters(modules),
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        let swiftTestingIDs = swiftTesting.output.split(separator: "\n").map(String.init).filter { line in
            modules.contains { line.hasPrefix($0 + ".") }
        }
        let listed = try ChildRun.run([binary.path, "--list-tests"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        let xctests = listed.output.split(separator: "\n").map(String.init).filter { name in
            name.contains("/") && !name.contains(" ") && modules.contains { name.hasPrefix($0 + ".") }
        }
        let idleModules = idle(modules, among: swiftTestingIDs + xctests)
        let swiftTestingCount = swiftTestingIDs.count
        if swiftTestingCount > 0 {
            let tested = try QuietTestRun.swiftTesting(
                binary, TestBinary.filters(modules), environment: environment,
                folder: folder, quietLimit: quietLimit,
                linked: true, ownGroup: true)
            try passes(tested, quietLimit: quietLimit, again: again)
        }
        let failures = LockedValue<[any Error]>([])
        await onThreads(jobs, taking: xctests) { name in
            do {
                let alone = environment.merging([SchemaSupport.reachTestVariable: xctestPrefix + name]) { $1 }
                let tested = try QuietTestRun.xctest(
                    binary, [name], environment: alone, quietLimit: quietLimit,
                    linked: true, ownGroup: true)
                try passes(tested, quietLimit: quietLimit, again: again)
                // Run alone and not run: XCTest took the name for one it does not know, and passed.
                guard tested.started.contains(name) else {
                    throw MutationError(
                        "the test binary ran no test for the XCTest case \(name) it lists, "
                            + "so what it reaches is not known")
                }
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
        if let failure = failures.withLock({ $0.first }) { throw failure }
        var reach: [Int: Set<String>] = [:]
        for line in ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard let id = parts.first.flatMap({ Int($0) }) else { continue }
            reach[id, default: []].insert(parts.count > 1 ? String(parts[1]) : "")
        }
        return MutationTests(
            binary: binary, modules: modules, idleModules: idleModules, xctests: xctests,
            swiftTestingCount: swiftTestingCount, reach: reach,
            seconds: Date().timeIntervalSince(start), quietLimit: quietLimit, folder: folder)
    }

    /// The modules of `modules` that hold none of `tests`, the tests the binary lists. A test target with no
    /// test in this build judges nothing, which a note says (``idleNote``) rather than stopping the run:
    /// its mutants are judged by the other targets, or reported as ones no test reaches, never as killed.
    static func idle(_ modules: [String], among tests: [String]) -> [String] {
        modules.filter { module in !tests.contains { $0.hasPrefix(module + ".") } }
    }

    /// The line that names the test targets judging nothing (``idleModules``), or nil when each holds a test.
    var idleNote: String? {
        guard !idleModules.isEmpty else { return nil }
        let one = idleModules.count == 1
        return "The test binary \(binary.path) lists no test of \(idleModules.joined(separator: ", ")), "
            + "so \(one ? "it judges" : "they judge") no mutant; `swift test list` shows the tests it holds"
    }

    /// Throws unless `tested`, an unmutated run of tests, passed: a run that went quiet names the test
    /// that hung (with what to paste to give it longer, from `again`), never a mutant no test reaches.
    private static func passes(_ tested: QuietTestRun, quietLimit: Double, again: (String) -> String) throws {
        let run = tested.run
        if run.timedOut {
            let longer = QuietTestRun.longer(than: quietLimit)
            throw MutationError(
                "the package's tests hang without any mutant: the run that finds which tests reach "
                    + "each mutant was stopped after no test started or ended for "
                    + DurationText.text(seconds: quietLimit)
                    + (tested.runningDescription.map { ", while \($0) still ran" } ?? "")
                    + ", so no mutant can be judged by them.\n"
                    + QuietTestRun.remedy(filter: tested.running.first?.filter, longer: longer, again: again(longer)))
        }
        guard !run.succeeded else { return }
        let failed = failingTests(in: run.output)
        throw MutationError(
            "the package's tests fail without any mutant (\(run.ending.description)), so they cannot judge one:\n"
                + (failed.isEmpty
                    ? run.output.split(separator: "\n").suffix(10).joined(separator: "\n")
                    : failed.prefix(5).map { "  \($0)" }.joined(separator: "\n"))
                + "\nRun `swift test` and fix them first.")
    }

    /// How many tests judge `mutant`: those that reach it, or all of them for code reached outside a test.
    func testsToRun(_ mutant: Mutant) -> Int {
        guard let tests = reach[mutant.id] else { return 0 }
        return tests.contains("") ? total : tests.count
    }

    /// Judges `mutant`, which the requirements did not notice, by the tests that reach it.
    func judge(_ mutant: Mutant, timeLimit: Double) throws -> MutantOutcome {
        guard let tests = reach[mutant.id], !tests.isEmpty else {
            return MutantOutcome(status: .survived, by: ["no test reaches it"])
        }
        // Code reached outside a test (an exit test's child process, a detached thread): every test
        // that judges, as only they reach that code for sure.
        let everywhere = tests.contains("")
        let swiftTesting = tests.filter { !$0.isEmpty && !$0.hasPrefix(Self.xctestPrefix) }.sorted()
        let xctest =
            everywhere
            ? xctests
            : tests.filter { $0.hasPrefix(Self.xctestPrefix) }.map { String($0.dropFirst(Self.xctestPrefix.count)) }
                .sorted()
        let environment = [SchemaSupport.variable: String(mutant.id), "SWIFT_BACKTRACE": "enable=no"]
        var tested: QuietTestRun?
        var started: Set<String> = []
        if everywhere && swiftTestingCount > 0 || !swiftTesting.isEmpty {
            let filters =
                everywhere
                ? TestBinary.filters(modules)
                : swiftTesting.flatMap { ["--filter", ReplayLine.swiftTestFilter(exactly: $0)] }
            tested = try QuietTestRun.swiftTesting(
                binary, filters, environment: environment, folder: folder,
                quietLimit: quietLimit, timeLimit: timeLimit,
                linked: true, ownGroup: true)
            started.formUnion(tested?.started ?? [])
        }
        if tested?.run.succeeded ?? true, !xctest.isEmpty {
            tested = try QuietTestRun.xctest(
                binary, xctest, environment: environment, quietLimit: quietLimit,
                timeLimit: timeLimit, linked: true, ownGroup: true)
            started.formUnion(tested?.started ?? [])
        }
        guard let tested else { return MutantOutcome(status: .survived, by: ["no test reaches it"]) }
        let run = tested.run
        if run.stopped { return MutantOutcome(status: .notRun, by: ["the run was stopped before the tests judged it"]) }
        let reached =
            tests.contains("")
            ? "every test of \(modules.joined(separator: ", "))"
            : "the \(tests.count) test\(tests.count == 1 ? "" : "s") that reach it"
        if run.timedOut {
            let by = hung(tested, running: reached, timeLimit: timeLimit)
            return MutantOutcome(status: .timedOut, by: by, seconds: run.seconds)
        }
        if case .signal = run.ending {
            return MutantOutcome(
                status: .crashed, by: ["the test binary crashed with \(run.ending.description) running \(reached)"],
                seconds: run.seconds)
        }
        // A filter that matched nothing ran nothing: Swift Testing then exits 69, XCTest 0; neither judged.
        let notStarted = ((everywhere ? [] : swiftTesting) + xctest).filter { !started.contains($0) }
        if started.isEmpty || run.succeeded && !notStarted.isEmpty {
            let listed =
                notStarted.prefix(3).joined(separator: ", ")
                + (notStarted.count > 3 ? " and \(notStarted.count - 3) more" : "")
            let notRun = notStarted.isEmpty ? "" : "; not run: " + listed
            let ran = started.isEmpty ? "no test" : "not all the tests"
            throw MutationError(
                "the test binary ran \(ran) it was asked for "
                    + "to judge mutant \(mutant.key) (\(run.ending.description)\(notRun)), so it did not judge it")
        }
        if run.succeeded {
            let by =
                tests.contains("")
                ? "reached by the tests; none failed"
                : "reached by \(tests.count) test\(tests.count == 1 ? "" : "s"); none failed"
            return MutantOutcome(status: .survived, by: [by], seconds: run.seconds)
        }
        let failed = Self.failingTests(in: run.output)
        return MutantOutcome(
            status: .killed, by: failed.isEmpty ? ["the tests that reach it (\(run.ending.description))"] : failed,
            seconds: run.seconds)
    }

    /// `test LapsTests.distanceAddsUp() (LapsTests/LapsTests.swift:5) did not end: no test started or ended for 2m`:
    /// each test still running when `tested` was stopped for time, or `running` when it names none.
    func hung(_ tested: QuietTestRun, running: String, timeLimit: Double) -> [String] {
        let why =
            tested.run.seconds >= timeLimit
            ? String(format: "still running at the time limit of %.1f s", timeLimit)
            : "no test started or ended for " + DurationText.text(seconds: quietLimit)
        let names = tested.running.map { "test " + (TestRunEvents.describe([$0]) ?? $0.id) }
        return names.isEmpty ? ["while running \(running): \(why)"] : names.map { "\($0) did not end: \(why)" }
    }

    /// `test payAndDiscountAddUpToThePrice()`: each test Swift Testing or XCTest reports as failed in `output`.
    static func failingTests(in output: String) -> [String] {
        var names: [String] = []
        for line in output.split(separator: "\n") {
            // XCTest: `Test Case 'RoundingTests.testHalfACentOfDiscountRoundsUp' failed (0.003 seconds)`.
            if let start = line.range(of: "Test Case '"),
                let end = line.range(of: "' failed", range: start.upperBound..<line.endIndex)
            {
                let name = "test " + line[start.upperBound..<end.lowerBound]
                if !names.contains(name) { names.append(name) }
                continue
            }
            guard let start = line.range(of: "✘ Test "), !line[start.upperBound...].hasPrefix("run with "),
                let end = line.range(of: " failed after ", range: start.upperBound..<line.endIndex)
            else { continue }
            let name = "test " + line[start.upperBound..<end.lowerBound]
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
