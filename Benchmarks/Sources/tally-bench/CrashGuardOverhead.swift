import ClaimsSpec
import Foundation
@_spi(Benchmarks) import Tally

/// The per-case cost of the crash guard (``TrapFlight``), beside the same run unguarded, in one process.
/// Both runs write to a flight recorder (its cost is "flight recorder" in the default run), so that the
/// ratio is the guard's alone: once per search, claiming the thread and its signal stack; once per
/// replayed or shrink candidate, the case's token as text copied where the signal handler reads it,
/// twice a `sigaltstack` query (generating, then running the case).
enum CrashGuardOverhead {
    /// A failing property whose shrink runs a few hundred cheap candidates: the guard's cost per
    /// candidate is not hidden behind a costly body.
    static let shrinking = Property("bench/crash-guard-shrink", Gen.int(in: 0...2000).array(length: 0...50)) { list in
        try ensure(list.reduce(0, +) <= 1000, "sum ≤ 1000")
    }

    /// A property of one cheap case: its run is arming the guard and disarming it, and little else.
    static let oneCase = Property("bench/crash-guard-arm", Gen.int(in: 0...10)) { value in
        try ensure(value <= 10, "in range")
    }

    struct Figures {
        var seconds: Double
        /// Shrink candidates (or search cases) run.
        var cases: Int
    }

    /// Shrinks a failure of ``shrinking`` from each of `seeds`, guarded or not.
    static func shrink(guarded: Bool, seeds: ClosedRange<UInt64>, recorder: FlightRecorder) async -> Figures {
        var figures = Figures(seconds: 0, cases: 0)
        for seed in seeds {
            var configuration = RunConfiguration.benchmark(seed: seed, iterations: 1000)
            configuration.flightRecorder = recorder
            let (result, seconds) = await timed { await run(shrinking, configuration, guarded, recorder) }
            figures.seconds += seconds
            figures.cases += result.counterexample?.shrinkAttempts ?? 0
        }
        return figures
    }

    /// `runs` runs of ``oneCase``, guarded or not: the guard's cost per property run.
    static func arm(guarded: Bool, runs: Int, recorder: FlightRecorder) async -> Figures {
        var figures = Figures(seconds: 0, cases: 0)
        var configuration = RunConfiguration.benchmark(seed: 0, iterations: 1)
        configuration.flightRecorder = recorder
        for seed in 0..<UInt64(runs) {
            configuration.seed = seed
            let (_, seconds) = await timed { await run(oneCase, configuration, guarded, recorder) }
            figures.seconds += seconds
            figures.cases += 1
        }
        return figures
    }

    /// The claims invariants' search, `casesPerProperty` cases each, guarded or not.
    static func search(guarded: Bool, casesPerProperty: Int, recorder: FlightRecorder) async -> Figures {
        var figures = Figures(seconds: 0, cases: 0)
        for property in ClaimsSpec.suite.properties {
            var configuration = RunConfiguration.benchmark(seed: 99, iterations: casesPerProperty)
            configuration.flightRecorder = recorder
            let (result, seconds) = await timed { await run(property, configuration, guarded, recorder) }
            figures.seconds += seconds
            figures.cases += result.casesRun
        }
        return figures
    }

    private static func run(
        _ property: Property, _ configuration: RunConfiguration, _ guarded: Bool, _ recorder: FlightRecorder
    ) async -> PropertyResult {
        guard guarded else { return await property.check(configuration) }
        return await property.checkGuardedForBenchmarks(configuration, recorder: recorder, replay: .tallyReplay)
    }

    private static func timed(_ body: () async -> PropertyResult) async -> (PropertyResult, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = await body()
        let (seconds, attoseconds) = (clock.now - start).components
        return (result, Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Interleaved rounds, best of each: `tally-bench crash-guard`.
    static func report(quick: Bool) async {
        let path = NSTemporaryDirectory() + "tally-bench-guard-\(getpid())"
        guard let recorder = try? FlightRecorder(path: path) else {
            FileHandle.standardError.write(Data("tally-bench: cannot open a flight recorder at \(path)\n".utf8))
            exit(1)
        }
        unlink(path)  // the mapping outlives the file's name: nothing is left in the temporary directory
        let rounds = quick ? 2 : 5, seeds: ClosedRange<UInt64> = 1...(quick ? 20 : 100)
        var plainShrink: [Figures] = [], guardedShrink: [Figures] = []
        var plainSearch: [Figures] = [], guardedSearch: [Figures] = []
        var plainArm: [Figures] = [], guardedArm: [Figures] = []
        let runs = quick ? 200 : 2_000, searchCases = quick ? 500 : 5_000
        for _ in 0..<rounds {
            plainArm.append(await arm(guarded: false, runs: runs, recorder: recorder))
            guardedArm.append(await arm(guarded: true, runs: runs, recorder: recorder))
            plainShrink.append(await shrink(guarded: false, seeds: seeds, recorder: recorder))
            guardedShrink.append(await shrink(guarded: true, seeds: seeds, recorder: recorder))
            plainSearch.append(await search(guarded: false, casesPerProperty: searchCases, recorder: recorder))
            guardedSearch.append(await search(guarded: true, casesPerProperty: searchCases, recorder: recorder))
        }
        func best(_ figures: [Figures]) -> Figures { figures.min { $0.seconds < $1.seconds }! }
        func line(_ name: String, _ plain: Figures, _ guarded: Figures, per: String) -> String {
            let perCase = (guarded.seconds - plain.seconds) / Double(max(guarded.cases, 1)) * 1e9
            let ratio = String(format: "%.2f", guarded.seconds / plain.seconds)
            return "\(name): \(plain.cases) \(per), unguarded \(String(format: "%.3f", plain.seconds)) s, "
                + "guarded \(String(format: "%.3f", guarded.seconds)) s: guarded / unguarded \(ratio)×"
                + " (\(String(format: "%+.0f", perCase)) ns per \(per.dropLast()))"
        }
        print(
            "Crash guard (TrapFlight) beside the same run unguarded, both with a flight recorder; "
                + "best of \(rounds) interleaved rounds")
        print(line("one-case runs", best(plainArm), best(guardedArm), per: "runs"))
        let shrinkName = "shrink of sum ≤ 1000 from \(seeds.count) seeds"
        print(line(shrinkName, best(plainShrink), best(guardedShrink), per: "candidates"))
        let (arms, shrinks) = ((best(plainArm), best(guardedArm)), (best(plainShrink), best(guardedShrink)))
        let perRun = (arms.1.seconds - arms.0.seconds) / Double(runs)
        let shrinkExtra = shrinks.1.seconds - shrinks.0.seconds - perRun * Double(seeds.count)
        let perCandidate = shrinkExtra / Double(max(shrinks.1.cases, 1))
        print("  per shrink candidate, the per-run cost taken out: \(String(format: "%+.0f", perCandidate * 1e9)) ns")
        print(line("claims invariants search", best(plainSearch), best(guardedSearch), per: "cases"))
    }
}
