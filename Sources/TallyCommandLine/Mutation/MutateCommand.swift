import Foundation
import Tally

/// `tally mutate`: mutation analysis of the engines the specs test. Changes one operator or constant
/// of an engine at a time, runs the spec's requirements against it, and reports every change no row
/// or property noticed. Exit status 1 when a mutant not reviewed as equivalent survives.
enum MutateCommand: TallyCommand {
    static let description = CommandDescription(
        name: "mutate",
        summary: "Change the engines one operator or constant at a time and check that the requirements notice.",
        usage: "tally mutate [TARGET …] [--since GIT-REF] [--jobs N] [--report FILE]",
        details: """
            ARGUMENTS:
              TARGET           An engine target to mutate (default: every target a spec tests)

            OPTIONS:
              --since GIT-REF  Only mutate the lines changed since GIT-REF (and files git does not track)
              --jobs N         Mutants run at once, each in its own process (default: the number of cores)
              --report FILE    Also write a report: .md (Markdown), .json or .xml (JUnit); repeatable.
                               Earlier mutation, check and HTML reports in its folder are removed
                               first (fuzz reports and files Tally did not write stay)

            Every mutant of the targets is compiled into one scratch build under .tally/mutate/, each
            behind a switch; each mutant then runs its spec's tables and properties (at default
            settings) in its own process, with a time limit of twice the unmutated run plus 5 s.
            A mutant no requirement noticed is then judged by the package's tests that reach it, with
            the same time limit; a run of the tests is also stopped when no test starts or ends for 2m
            (TALLY_TEST_HANG_TIMEOUT): such a mutant is killed by a time-out, naming the test that
            hung, and a test that hangs without any mutant stops tally mutate, naming it.
            Results are cached by source hash under .tally/mutate/. Mutants reviewed as equivalent
            are listed with a reason in \(EquivalentMutants.fileName) at the package root.
            Control-C or SIGTERM stops the run within seconds: the mutants judged so far are reported
            and cached, so the same command resumes; a second one quits at once.
            Exit status: 0 when every mutant is killed or equivalent, 1 when one survives or some were
            not run, 2 on a usage error, 130 or 143 when stopped by SIGINT or SIGTERM.
            """,
        options: ["--since", "--jobs", "--report"], maximumPositional: Int.max, positionalName: "TARGET")

    static var reportFormats: [ReportFormat] { [.markdown, .json, .junit] }

    /// The variable that leaves the package's tests out of the judging, for a benchmark to time them
    /// (`Scripts/mutate-timing.sh`): a mutant the requirements let through then survives.
    static let testsVariable = "TALLY_MUTATE_TESTS"

    /// Whether the package's tests judge: unless ``testsVariable`` is `off`.
    static func testsJudge(_ environment: [String: String]) throws(UsageError) -> Bool {
        guard let value = environment[testsVariable] else { return true }
        guard value == "off" else {
            throw UsageError(
                command: description,
                "\(testsVariable)=\(value): expected off, which leaves the package's tests out of the judging")
        }
        return false
    }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let start = Date()
        let root = FileManager.default.currentDirectoryPath
        let jobs =
            try arguments.positiveInteger("--jobs", command: description)
            ?? ProcessInfo.processInfo.activeProcessorCount
        let testsJudge = try testsJudge(context.environment)
        let quietLimit = try QuietTestRun.limit(context.environment, command: description)
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else {
            throw UsageError(
                command: description,
                "no Package.swift in \(root): run \(context.catalog.toolName) mutate at the root of a Swift package")
        }
        MutationTemporaryFolder.begin(root: root)
        defer { MutationTemporaryFolder.end(root: root) }
        let package = try PackageTargets.describe(
            root: root, environment: try MutationTemporaryFolder.swiftEnvironment(root: root))
        let targets = try selectTargets(arguments.positional, package: package)
        var changedLines: [String: Set<Int>]?
        var command = "swift run \(context.catalog.toolName) mutate" + arguments.positional.map { " " + $0 }.joined()
        if let since = arguments.value("--since") {
            command += " --since \(since)"
            do {
                changedLines = try ChangedLines.since(since, root: root)
            } catch {
                throw UsageError(command: description, "\(error)")
            }
        }
        // The same command with a longer quiet limit for the tests, for a run of them stopped as a hang.
        let (environment, tool) = (context.environment, context.catalog.toolName)
        let again: @Sendable (String) -> String = { [arguments] longer in
            arguments.pasteable(
                tool: tool, command: description,
                environment: environment.merging([QuietTestRun.variable: longer]) { $1 })
        }
        let stop = MutationStop()
        let signals = StopSignals(
            StopSignals.Stopping(
                command: "\(context.catalog.toolName) mutate",
                keeps: "the results of the mutants judged are kept for the next run",
                loses: "results not yet cached are lost", stop: { stop.request($0) }), console: context.console)
        defer { signals.restore() }
        var session = try MutationSession(
            package: package, targets: targets, changedLines: changedLines,
            tablesDirectory: context.catalog.tablesDirectory,
            jobs: jobs, toolName: context.catalog.toolName, console: context.console, stop: stop,
            testsJudge: testsJudge, testQuietLimit: (quietLimit, again))
        try ReportFolder.clearEarlierRuns(
            for: arguments.options["--report"] ?? [], from: .mutation, console: context.console)
        var results = try await session.run()
        results.command = command
        results.wallSeconds = Date().timeIntervalSince(start)
        MutationSummary.print(results, console: context.console)
        try MutationReports.write(arguments.options["--report"] ?? [], results: results, console: context.console)
        if let signal = stop.signal { return 128 + signal }
        if let problem = nothingJudged(results, isPartial: changedLines != nil) {
            context.console.err("\(context.catalog.toolName) mutate: error: \(problem)")
            return 1
        }
        return results.survivors.isEmpty && !results.isIncomplete ? 0 : 1
    }

    /// Why a whole run that judged no mutant measured nothing, which is no pass; `nil` when it judged
    /// one, or ran `--since` a commit (no changed line to mutate is an ordinary quiet night).
    static func nothingJudged(_ results: MutationResults, isPartial: Bool) -> String? {
        let total = results.score(of: nil)
        guard total.killed + total.survived == 0, !isPartial else { return nil }
        return
            "no mutant of \(results.targets.joined(separator: ", ")) was killed or survived (\(total.total) mutants: "
            + "\(total.equivalent) equivalent, "
            + "\(total.notCompiled) did not compile), so the requirements were not measured"
    }

    /// The named targets, checked; or every engine target a spec tests; in a package with no spec,
    /// every engine target its tests use.
    static func selectTargets(_ names: [String], package: PackageTargets) throws -> [String] {
        let specs = try package.specTargets()
        let bySpecs = Set(specs.flatMap { package.engines(testedBy: $0) })
        let byTests = Set(
            package.targets.values.filter { $0.type == "test" }.flatMap { package.engines(testedBy: $0.name) }
        )
        .filter {
            !specs.contains($0) && !package.closure(of: $0).contains { PackageTargets.tallyModules.contains($0) }
        }
        let tested = (specs.isEmpty ? byTests : bySpecs).sorted()
        guard !names.isEmpty else {
            guard !tested.isEmpty else {
                throw MutationError("no spec or test of this package tests an engine target: nothing to mutate")
            }
            return tested
        }
        for name in names {
            guard !PackageTargets.tallyModules.contains(name) else {
                throw UsageError(
                    command: description,
                    "'\(name)' is part of Tally, which tally mutate never mutates; targets the specs test: "
                        + "\(tested.joined(separator: ", "))"
                )
            }
            guard let target = package.targets[name] else {
                throw UsageError(
                    command: description,
                    "no target named '\(name)'; targets the specs test: \(tested.joined(separator: ", "))")
            }
            guard !specs.contains(name) else {
                throw UsageError(
                    command: description,
                    "'\(name)' is a spec, not an engine: "
                        + "mutate the targets it tests (\(package.engines(testedBy: name).joined(separator: ", ")))"
                )
            }
            guard target.type == "library",
                try !package.specs(testing: name).isEmpty
                    || !MutationTests.testTargets(reaching: name, in: package).isEmpty
            else {
                throw UsageError(
                    command: description,
                    "no spec or test tests target '\(name)'; targets they test: \(tested.joined(separator: ", "))")
            }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
