import Foundation
import Tally

/// `tally fuzz`: time-boxed runs of every property with fresh random seeds, in crash-safe worker
/// processes; every failure shrunk, saved to `.tally/examples` (which `swift test` replays first) and
/// reported.
enum FuzzCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz",
        summary: "Run every property with random seeds for a time or case budget, in crash-safe workers.",
        usage:
            "tally fuzz [--time 30m | --cases N] [--spec NAME] [--property NAME] [--jobs N] [--shard I/N] [--seed N] "
            + "[--case-timeout \(CaseTimeout.defaultSeconds)s] [--report FILE]",
        details: """
            OPTIONS:
              --time D           Wall time of the whole run, shrinking and reports included, such as 90s,
                                 10m or 1h (default 60s unless --cases)
              --cases N          Cases per property
              --spec NAME        Only the properties of this spec (repeatable)
              --property NAME    Only this property, by name, spec/name or its test's name (repeatable)
              --jobs N           Worker processes at once (default 1)
              --shard I/N        Run the I-th of N deterministic slices of the properties (CI matrix)
              --seed N           Base seed, decimal or 0x-hexadecimal (default: random, printed)
              --case-timeout D   A case running longer is reported as a hang (default \(CaseTimeout.defaultSeconds)s)
              --report FILE      .xml (JUnit), .md (Markdown) or .json; repeatable. Every report an
                                 earlier Tally run wrote in its folder is removed first (others stay)

            Besides the catalog's properties, the forAll properties of the package's tests are fuzzed:
            the tests are built and run once to find them (kept in .tally/survey/ until the next build),
            and each runs in the test binary. XCTest test cases hold none (forAll needs Swift Testing).
            That run is stopped when no test starts or ends for 2m (TALLY_TEST_HANG_TIMEOUT), and
            the fuzz is then not green.
            Each property runs in a child process that records the case in flight, so a trap, a crash
            or a hang is recovered, shrunk in fresh child processes, and reported with its signal.
            Failures are saved under .tally/examples/ (TALLY_EXAMPLES), deduplicated by property and shrunk case.
            The run ends within its --time (a case already running may add one case timeout).
            Ctrl-C or SIGTERM stops it within seconds: what was found is saved with the smallest case
            shrunk so far, and the reports are written; a second Ctrl-C quits at once.
            Exit status: 1 when a new failure was found or a property could not run within --time
            (nothing passes unchecked); otherwise 0, or 130 / 143 when stopped by SIGINT / SIGTERM;
            2 on a usage error.
            """,
        options: [
            "--time", "--cases", "--spec", "--property", "--jobs", "--shard", "--seed", "--case-timeout", "--report",
        ],
        variableOptions: ["--property", "--seed", "--case-timeout"])

    static var reportFormats: [ReportFormat] { [.junit, .markdown, .json] }

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let console = context.console
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let tests = try TestProperties.ofPackage(context, command: description)
        let settings = try FuzzSettings(
            arguments, catalog: context.catalog, executable: executable, tests: tests, command: description)
        let exampleDirectory: String?
        do {
            exampleDirectory = try RunConfiguration.fromEnvironment(context.environment).exampleDirectory
        } catch {
            throw UsageError(command: description, problems: ["\(error)"], pointsToHelp: false)
        }
        try ReportFolder.clearEarlierRuns(for: arguments.options["--report"] ?? [], from: .fuzz, console: console)
        let budget = FuzzBudget(seconds: settings.time)
        // The first SIGINT or SIGTERM stops the run cleanly, shrinking keeping its smallest case so far.
        let signals = StopSignals(
            StopSignals.Stopping(
                command: "\(context.catalog.toolName) fuzz", keeps: "saving what was found and writing the reports",
                loses: "findings not yet saved are lost", stop: { budget.requestStop(signal: $0) }), console: console)
        defer { signals.restore() }

        let count = settings.selected.count
        console.out(
            "Fuzzing \(count) propert\(count == 1 ? "y" : "ies") with \(settings.jobs) "
                + "job\(settings.jobs == 1 ? "" : "s")"
                + (settings.time.map { " for \(FuzzJob.seconds($0))" } ?? "")
                + (settings.caseLimit.map { ", \($0) cases each" } ?? "")
                + ", seed \(settings.seed), case timeout \(FuzzJob.seconds(settings.caseTimeout))")
        if let time = settings.time, time < settings.caseTimeout {
            console.out(
                "Note: a hang is noticed only after the \(FuzzJob.seconds(settings.caseTimeout)) case timeout, "
                    + "longer than the \(FuzzJob.seconds(time)) budget."
            )
        }
        let board = FuzzBoard(names: settings.selected.map(\.name), budget: budget)
        let progress = ProgressPrinter(board: board, console: console)
        progress.start()
        let plans = settings.selected.enumerated().map { offset, entry in
            FuzzJob(
                worker: entry.worker, propertyID: entry.id, name: entry.name,
                seed: settings.seed &+ UInt64(offset) &* 0xD1B5_4A32_D192_ED03, caseLimit: settings.caseLimit ?? 0,
                caseTimeout: settings.caseTimeout, board: board, budget: budget, exampleDirectory: exampleDirectory)
        }
        let outcomes = await FuzzJobQueue.runAll(plans, jobs: settings.jobs, budget: budget)
        progress.stop()

        let replayLine = CaseTimeout.replayLine(context.catalog.replayLine, seconds: settings.caseTimeout)
        for outcome in outcomes where outcome.notRun == nil {
            console.out(lines(for: outcome, replayLine: replayLine).joined(separator: "\n"))
        }
        printNotRun(outcomes, stopped: budget.isStopping, console: console)
        let stoppedBy = budget.stopSignal.map {
            "stopped by \(StopSignals.name($0)) after \(FuzzBoard.clock(Date().timeIntervalSince(budget.started)))"
        }
        let run = FuzzRunFacts(
            seed: String(settings.seed), shard: settings.shard, commit: GitCommit.current(), budget: settings.budget,
            selected: settings.selectedBeforeSharding, stopped: stoppedBy)
        try FuzzReports.write(
            arguments.options["--report"] ?? [], outcomes: outcomes, run: run, replayLine: replayLine,
            console: console)
        console.out("Fuzz: \(FuzzReports.totals(outcomes))" + (stoppedBy.map { " (\($0))" } ?? ""))
        if arguments.options["--report"] == nil {
            console.out(
                noReport(
                    examples: exampleDirectory,
                    again: arguments.pasteable(
                        tool: context.catalog.toolName, command: description, environment: context.environment,
                        adding: ["--report", ".tally/reports/summary.md"])))
        }
        if let tests, let incomplete = tests.incomplete {
            // A run stopped for going quiet: the same command with a longer quiet limit.
            let again = tests.stalled.map { stalled in
                let longer = [QuietTestRun.variable: stalled.longerLimit]
                return arguments.pasteable(
                    tool: context.catalog.toolName, command: description,
                    environment: context.environment.merging(longer) { $1 })
            }
            console.out(
                "Not green: \(incomplete), so the properties of the tests it did not reach were not found, nor fuzzed."
                    + (tests.remedy(again: again).map { " \($0)" } ?? ""))
        }
        return exitStatus(outcomes, stopSignal: budget.stopSignal, unsurveyed: tests?.incomplete)
    }

    /// The last line of a run asked for no report: where its findings went, and the command that
    /// writes reports.
    static func noReport(examples: String?, again: String) -> String {
        let saved =
            examples.map { "findings are saved in \($0.hasSuffix("/") ? $0 : $0 + "/")" }
            ?? "findings were not saved (TALLY_EXAMPLES=off)"
        return "No report was written; \(saved). For a report: \(again)"
    }

    /// 1 when something new was found, or when a property the budget never reached went unchecked, or
    /// when the run that finds the tests' properties ended part of the way (`unsurveyed` says how): a run
    /// that did not check everything is not green; else 128 + the signal that stopped the run, or 0.
    static func exitStatus(_ outcomes: [FuzzPropertyOutcome], stopSignal: Int32?, unsurveyed: String? = nil) -> Int32 {
        if outcomes.contains(where: { $0.finding?.isNew == true || $0.gaveUp != nil }) || unsurveyed != nil { return 1 }
        if let stopSignal { return 128 + stopSignal }
        return outcomes.contains { $0.notRun != nil } ? 1 : 0
    }

    /// The properties that did not run, by name when they are few, and what to do about it (nothing
    /// when a signal `stopped` the run).
    static func printNotRun(_ outcomes: [FuzzPropertyOutcome], stopped: Bool, console: Console) {
        let notRun = outcomes.filter { $0.notRun != nil }
        guard let reason = notRun.first?.notRun else { return }
        if notRun.count <= 3 {
            for outcome in notRun { console.out("  – \(outcome.name)  not run: \(reason)") }
        } else {
            console.out(
                "  – \(notRun.count) properties not run (\(reason.replacingOccurrences(of: " it ", with: " they "))), "
                    + "from \(notRun[0].name) on"
            )
        }
        if !stopped {
            console.out("Give a longer --time, or split the properties among machines with --shard I/N.")
        }
    }

    /// What the console shows for one property that ran.
    static func lines(for outcome: FuzzPropertyOutcome, replayLine: ReplayLine = .tallyReplay) -> [String] {
        guard let finding = outcome.finding else {
            var line =
                outcome.gaveUp.map {
                    "  ✘ \(outcome.name)  not checked after \(outcome.cases) "
                        + "case\(outcome.cases == 1 ? "" : "s"): \($0)"
                }
                ?? "  ✔ \(outcome.name)  \(outcome.cases) cases, \(Int(outcome.rate)) cases/s"
            if let reason = outcome.interrupted { line += "  (\(reason))" }
            return [line]
        }
        // A crash's runtime message comes on lines of its own, indented under the failure.
        let failure = finding.failure.split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: "\n        ")
        let shrunk = [
            finding.shrinkSteps.map { "shrunk in \($0) step\($0 == 1 ? "" : "s")" }, finding.shrinkNote,
        ].compactMap { $0 }
        var lines = [
            "  ✘ \(outcome.name)  \(finding.kind.rawValue)\(finding.isNew ? "" : " (already saved)") "
                + "after \(outcome.cases) case\(outcome.cases == 1 ? "" : "s")",
            "      Counterexample\(shrunk.isEmpty ? "" : " (\(shrunk.joined(separator: "; ")))"):",
            indented(finding.value),
            "      Failure: \(failure)",
            "      Replay: \(finding.replay(replayLine))",
        ]
        if let path = finding.savedPath { lines.append("      Saved: \(path)") }
        if let why = finding.notSaved { lines.append("      Not saved: \(why)") }
        if let first = finding.foundFirst { lines += foundFirst(of: finding, first, replayLine: replayLine) }
        return lines
    }

    /// `text`, each line indented under a counterexample's heading.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
    }

    /// The failure the search found first, which the worker was shrinking when a smaller case ended it.
    private static func foundFirst(of finding: FuzzFinding, _ first: FuzzFinding.FoundFirst, replayLine: ReplayLine)
        -> [String]
    {
        [
            "      \(finding.foundFirstHeading):", indented(first.value), "      Failure: \(first.failure)",
            "      Replay: \(FuzzFinding.replay(first.token, replayLine))",
        ] + (first.savedPath.map { ["      Saved: \($0)"] } ?? [])
    }
}
