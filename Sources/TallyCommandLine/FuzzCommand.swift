import Foundation
import Tally

/// `tally fuzz`: time-boxed runs of every property with fresh random seeds, in crash-safe worker
/// processes; every failure shrunk, saved to `.tally/examples` (which `swift test` replays first) and
/// reported.
enum FuzzCommand: TallyCommand {
    static let description = CommandDescription(
        name: "fuzz",
        summary: "Run every property with random seeds for a time or case budget, in crash-safe workers.",
        usage: "tally fuzz [--time 30m | --cases N] [--spec NAME] [--property NAME] [--jobs N] [--shard I/N] [--seed N] [--case-timeout 10s] [--report FILE]",
        details: """
            OPTIONS:
              --time D           Total wall time, such as 90s, 10m or 1h (default 60s unless --cases)
              --cases N          Cases per property
              --spec NAME        Only the properties of this spec (repeatable)
              --property NAME    Only this property, by name or spec/name (repeatable)
              --jobs N           Worker processes at once (default 1)
              --shard I/N        Run the I-th of N deterministic slices of the properties (CI matrix)
              --seed N           Base seed (default: random, printed)
              --case-timeout D   A case running longer is reported as a hang (default 10s)
              --report FILE      .xml (JUnit), .md (Markdown) or .json; repeatable

            Each property runs in a child process that records the case in flight, so a trap, a crash
            or a hang is recovered, shrunk in fresh child processes, and reported with its signal.
            Failures are saved under .tally/examples/, deduplicated by property and shrunk case.
            Exit status: 1 when a new failure was found, 0 otherwise, 2 on a usage error.
            """,
        options: ["--time", "--cases", "--spec", "--property", "--jobs", "--shard", "--seed", "--case-timeout", "--report"])

    static func run(_ arguments: CommandLineArguments, context: CommandContext) async throws -> Int32 {
        let console = context.console
        let caseLimit = try arguments.positiveInteger("--cases", command: description)
        let time = try arguments.value("--time").map { try duration($0, option: "--time") } ?? (caseLimit == nil ? 60 : 0)
        let caseTimeout = try arguments.value("--case-timeout").map { try duration($0, option: "--case-timeout") } ?? 10
        let jobs = try arguments.positiveInteger("--jobs", command: description) ?? 1
        let seed = try arguments.value("--seed").map { text -> UInt64 in
            guard let seed = UInt64(text) else { throw UsageError(command: description, "--seed expects an unsigned 64-bit integer, got '\(text)'") }
            return seed
        } ?? UInt64.random(in: 0...UInt64.max)
        let selected = try select(context.catalog.properties, arguments: arguments)
        guard !selected.isEmpty else { throw UsageError(command: description, "no property matches the selection") }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

        let slice = time > 0 ? max(time * Double(jobs) / Double(selected.count), 1) : 0
        console.out("Fuzzing \(selected.count) propert\(selected.count == 1 ? "y" : "ies") with \(jobs) job\(jobs == 1 ? "" : "s"), seed \(seed)"
            + (time > 0 ? ", \(Int(time)) s" : "") + (caseLimit.map { ", \($0) cases each" } ?? ""))
        let board = FuzzBoard(names: selected.map(\.name))
        let progress = ProgressPrinter(board: board, console: console, total: time)
        progress.start()
        let plans = selected.enumerated().map { offset, entry in
            FuzzJob(executable: executable, propertyIndex: entry.index, propertyID: entry.id, name: entry.name,
                    seed: seed &+ UInt64(offset) &* 0xD1B5_4A32_D192_ED03, timeLimit: slice, caseLimit: caseLimit ?? 0,
                    caseTimeout: caseTimeout, board: board)
        }
        let outcomes = await FuzzJob.runAll(plans, jobs: jobs)
        progress.stop()

        var anyNew = false
        for outcome in outcomes {
            guard let finding = outcome.finding else {
                console.out("  ✔ \(outcome.name)  \(outcome.cases) cases, \(Int(outcome.rate)) cases/s" + (outcome.gaveUp.map { "  (gave up: \($0))" } ?? ""))
                continue
            }
            anyNew = anyNew || finding.isNew
            console.out("  ✘ \(outcome.name)  \(finding.kind.rawValue)\(finding.isNew ? "" : " (already saved)") after \(outcome.cases) cases")
            console.out("      Counterexample (shrunk in \(finding.shrinkSteps) steps):")
            console.out(finding.value.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n"))
            console.out("      Failure: \(finding.failure)")
            console.out("      Replay: \(context.catalog.replayCommand) \(finding.token)")
            if let path = finding.savedPath { console.out("      Saved: \(path)") }
        }
        try FuzzReports.write(arguments.options["--report"] ?? [], outcomes: outcomes, seed: seed, replayCommand: context.catalog.replayCommand, console: console)
        let failed = outcomes.filter { $0.finding != nil }.count
        console.out("Fuzz: \(outcomes.count - failed) passed, \(failed) failed")
        return anyNew ? 1 : 0
    }

    /// The selected properties with their catalog index, after --spec, --property and --shard.
    static func select(
        _ properties: [(suite: String, property: Property)], arguments: CommandLineArguments
    ) throws(UsageError) -> [(index: Int, id: String, name: String)] {
        let specs = Set(arguments.options["--spec"] ?? [])
        let names = Set(arguments.options["--property"] ?? [])
        var selected = properties.enumerated().map { (index: $0.offset, id: $0.element.property.id, name: "\($0.element.suite)/\($0.element.property.id)") }
            .filter { entry in
                (specs.isEmpty || specs.contains(String(entry.name.prefix { $0 != "/" })))
                    && (names.isEmpty || names.contains(entry.id) || names.contains(entry.name))
            }
            .sorted { $0.name < $1.name }
        if let shard = arguments.value("--shard") {
            let parts = shard.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                throw UsageError(command: description, "--shard expects I/N with 1 ≤ I ≤ N, such as 2/4; got '\(shard)'")
            }
            selected = selected.enumerated().filter { $0.offset % parts[1] == parts[0] - 1 }.map(\.element)
        }
        return selected
    }

    /// Seconds in `90s`, `10m`, `1h`, `500ms` or a plain number of seconds.
    static func duration(_ text: String, option: String) throws(UsageError) -> Double {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let value = Double(text.dropLast(suffix.count)), value > 0 { return value * scale }
        }
        if let value = Double(text), value > 0 { return value }
        throw UsageError(command: description, "\(option) expects a duration such as 90s, 10m or 1h, got '\(text)'")
    }
}
