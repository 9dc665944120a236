import Foundation
import Tally

/// The package's tests as a judge of mutants, as PIT and Stryker use a project's own suite: one run of the
/// scratch build's test binary, with every mutant site writing down which test reached it
/// (``SchemaSupport/reachVariable``), decides per mutant the few tests to run; a mutant is killed when
/// one of them fails on it. A mutant no test reaches is told apart from one reached and not noticed.
struct MutationTests: Sendable {
    /// The scratch build's test binary.
    let binary: TestBinary
    /// The test targets that judge.
    let modules: [String]
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
    /// tests must pass, or no mutant can be judged by them.
    static func reaching(_ binary: TestBinary, modules: [String], folder: String, jobs: Int) async throws -> MutationTests {
        let file = folder + "/reach-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let environment = [SchemaSupport.variable: "0", SchemaSupport.reachVariable: file, "SWIFT_BACKTRACE": "enable=no"]
        let start = Date()
        // Swift Testing ends a run that matched no test with status 69: a package with XCTest cases only.
        let swiftTesting = try ChildRun.run([binary.path, "--testing-library", "swift-testing", "--list-tests"] + TestBinary.filters(modules),
                                            environment: ["SWIFT_BACKTRACE": "enable=no"])
        let swiftTestingCount = swiftTesting.output.split(separator: "\n").filter { line in modules.contains { line.hasPrefix($0 + ".") } }.count
        if swiftTestingCount > 0 {
            try passes(ChildRun.run([binary.path, "--testing-library", "swift-testing"] + TestBinary.filters(modules), environment: environment, linked: true, ownGroup: true))
        }
        let listed = try ChildRun.run([binary.path, "--list-tests"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        let xctests = listed.output.split(separator: "\n").map(String.init).filter { name in
            name.contains("/") && !name.contains(" ") && modules.contains { name.hasPrefix($0 + ".") }
        }
        let failures = LockedValue<[any Error]>([])
        await onThreads(jobs, taking: xctests) { name in
            do {
                try passes(ChildRun.run([binary.path, name], environment: environment.merging([SchemaSupport.reachTestVariable: xctestPrefix + name]) { $1 },
                                        linked: true, ownGroup: true))
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
        return MutationTests(binary: binary, modules: modules, xctests: xctests, swiftTestingCount: swiftTestingCount, reach: reach,
                             seconds: Date().timeIntervalSince(start))
    }

    /// Throws unless `run`, an unmutated run of tests, passed.
    private static func passes(_ run: ChildRun) throws {
        guard !run.succeeded else { return }
        let failed = failingTests(in: run.output)
        throw MutationError("the package's tests fail without any mutant (\(run.ending.description)), so they cannot judge one:\n"
            + (failed.isEmpty ? run.output.split(separator: "\n").suffix(10).joined(separator: "\n") : failed.prefix(5).map { "  \($0)" }.joined(separator: "\n"))
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
        let xctest = everywhere ? xctests : tests.filter { $0.hasPrefix(Self.xctestPrefix) }.map { String($0.dropFirst(Self.xctestPrefix.count)) }.sorted()
        let environment = [SchemaSupport.variable: String(mutant.id), "SWIFT_BACKTRACE": "enable=no"]
        var run: ChildRun?
        if everywhere && swiftTestingCount > 0 || !swiftTesting.isEmpty {
            let filters = everywhere ? TestBinary.filters(modules) : swiftTesting.flatMap { ["--filter", ReplayLine.swiftTestFilter(exactly: $0)] }
            run = try ChildRun.run([binary.path, "--testing-library", "swift-testing"] + filters, environment: environment,
                                   timeLimit: timeLimit, linked: true, ownGroup: true)
        }
        if run?.succeeded ?? true, !xctest.isEmpty {
            run = try ChildRun.run([binary.path, xctest.joined(separator: ",")], environment: environment, timeLimit: timeLimit, linked: true, ownGroup: true)
        }
        guard let run else { return MutantOutcome(status: .survived, by: ["no test reaches it"]) }
        if run.stopped { return MutantOutcome(status: .notRun, by: ["the run was stopped before the tests judged it"]) }
        let reached = tests.contains("") ? "every test of \(modules.joined(separator: ", "))" : "the \(tests.count) test\(tests.count == 1 ? "" : "s") that reach it"
        if run.timedOut { return MutantOutcome(status: .timedOut, by: ["while running \(reached)"], seconds: run.seconds) }
        if case .signal = run.ending {
            return MutantOutcome(status: .crashed, by: ["the test binary crashed with \(run.ending.description) running \(reached)"], seconds: run.seconds)
        }
        if run.succeeded {
            let by = tests.contains("") ? "reached by the tests; none failed" : "reached by \(tests.count) test\(tests.count == 1 ? "" : "s"); none failed"
            return MutantOutcome(status: .survived, by: [by], seconds: run.seconds)
        }
        let failed = Self.failingTests(in: run.output)
        return MutantOutcome(status: .killed, by: failed.isEmpty ? ["the tests that reach it (\(run.ending.description))"] : failed, seconds: run.seconds)
    }

    /// `test payAndDiscountAddUpToThePrice()`: each test Swift Testing or XCTest reports as failed in `output`.
    static func failingTests(in output: String) -> [String] {
        var names: [String] = []
        for line in output.split(separator: "\n") {
            // XCTest: `Test Case 'RoundingTests.testHalfACentOfDiscountRoundsUp' failed (0.003 seconds)`.
            if let start = line.range(of: "Test Case '"), let end = line.range(of: "' failed", range: start.upperBound..<line.endIndex) {
                let name = "test " + line[start.upperBound..<end.lowerBound]
                if !names.contains(name) { names.append(name) }
                continue
            }
            guard let start = line.range(of: "✘ Test "), !line[start.upperBound...].hasPrefix("run with "),
                let end = line.range(of: " failed after ", range: start.upperBound..<line.endIndex) else { continue }
            let name = "test " + line[start.upperBound..<end.lowerBound]
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
