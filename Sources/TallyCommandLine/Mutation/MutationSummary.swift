import Foundation

/// The console summary of a `tally mutate` run: every mutant that needs a person's attention (the
/// survivors, with the lines before and after and what to do), the equivalent and uncompiled ones in
/// one line each, then the score per target and the timings.
enum MutationSummary {
    static func print(_ run: MutationResults, console: Console) {
        let survivors = run.survivors
        if !survivors.isEmpty {
            console.out("\nSurvived: no requirement noticed these changes")
            for result in survivors {
                let mutant = result.mutant
                console.out(
                    "  ✘ \(mutant.location)  \(mutant.kind.rawValue)  \(mutant.change)"
                        + (result.outcome.by.first.map { "  (\($0))" } ?? ""))
                for line in mutant.before { console.out("      - \(line)") }
                for line in mutant.after where !mutant.mutated.isEmpty || !mutant.after.isEmpty {
                    console.out("      + \(line)")
                }
                if mutant.mutated.isEmpty, mutant.after.isEmpty { console.out("      + (removed)") }
            }
            console.out(
                """

                  Kill each with a requirement that states the rule the line implements: preferably a table row
                  (its note naming the rule) whose expected cells change under the mutant, otherwise a property.
                  A mutant no input can tell from the engine goes in \(EquivalentMutants.fileName), with a reason:
                    \(survivors[0].mutant.key)  # why no requirement can notice it
                """)
        }
        let equivalent = run.results.filter { $0.outcome.status == .equivalent }
        if !equivalent.isEmpty {
            console.out("\nEquivalent (reviewed in \(EquivalentMutants.fileName)): \(equivalent.count)")
            for result in equivalent {
                console.out(
                    "  ≡ \(result.mutant.location)  \(result.mutant.change)  — \(result.outcome.by.first ?? "")")
            }
        }
        let uncompiled = run.results.filter { $0.outcome.status == .notCompiled }
        if !uncompiled.isEmpty {
            console.out("\nDid not compile (dropped from the score): \(uncompiled.count)")
            for result in uncompiled {
                console.out(
                    "  · \(result.mutant.location)  \(result.mutant.change)"
                        + (result.outcome.by.first.map { "  (\($0))" } ?? ""))
            }
        }
        let notRun = run.results.filter { $0.outcome.status == .notRun }
        if !notRun.isEmpty {
            let reason = run.stopped.map { "the run was \($0)" } ?? notRun[0].outcome.by.first ?? "unknown"
            let others =
                notRun.count == run.results.count ? "None was judged yet" : "The results of the others are cached"
            console.out(
                "\nNot run: \(notRun.count) of \(run.results.count) mutants (\(reason)). \(others);"
                    + " run the same command again to judge the rest:\n  \(run.command)")
        }
        console.out("")
        for target in run.targets where run.score(of: target).total > 0 {
            console.out(line(run.score(of: target), run: run))
        }
        let total = run.score(of: nil)
        console.out(
            "Mutation score\(run.isIncomplete ? " so far (incomplete)" : ""): \(total.text) (\(total.killed) "
                + "of \(total.killed + total.survived) killed"
                + "\(total.equivalent > 0 ? "; \(total.equivalent) equivalent" : "")"
                + "\(total.notCompiled > 0 ? "; \(total.notCompiled) did not compile" : "")"
                + "\(total.notRun > 0 ? "; \(total.notRun) not run" : ""))")
        console.out("Time: " + timing(run, "build"))
    }

    /// `build 12.0 s, runs 30.1 s (40 mutants, 2 jobs, 80 mutants/min), 3 from cache, wall 45.0 s`.
    static func timing(_ run: MutationResults, _ build: String) -> String {
        let cached = run.results.filter(\.cached).count
        return String(
            format: "%@ %.1f s, runs %.1f s (%d mutants, %d jobs, %.0f mutants/min)",
            build, run.buildSeconds, run.runSeconds, run.mutantsRun, run.jobs, run.mutantsPerMinute)
            + (cached > 0 ? ", \(cached) from cache" : "") + String(format: ", wall %.1f s", run.wallSeconds)
    }

    /// `Claims: 240 mutants, 236 killed (229 by rows, 5 by properties, 2 by time-out or crash), 4 survived: 98.3%`;
    /// `, 3 by tests` after the properties when the package's tests killed some.
    static func line(_ score: MutationResults.Score, run: MutationResults) -> String {
        let mine = run.results.filter { $0.mutant.target == score.target && $0.outcome.isKilled }
        func killed(by prefix: String) -> Int {
            mine.filter { $0.outcome.status == .killed && $0.outcome.by.first?.hasPrefix(prefix) == true }.count
        }
        let (byRows, byProperties, byTests) = (killed(by: "row "), killed(by: "property "), killed(by: "test "))
        let other = mine.count - byRows - byProperties - byTests
        return
            "\(score.target): \(score.total) mutants, \(score.killed) killed (\(byRows) by rows, "
            + "\(byProperties) by properties"
            + "\(byTests > 0 ? ", \(byTests) by tests" : "")\(other > 0 ? ", \(other) by time-out or crash" : "")), "
            + "\(score.survived) survived"
            + "\(score.equivalent > 0 ? ", \(score.equivalent) equivalent" : "")"
            + "\(score.notCompiled > 0 ? ", \(score.notCompiled) did not compile" : "")"
            + "\(score.notRun > 0 ? ", \(score.notRun) not run" : ""): "
            + score.text + (score.notRun > 0 && score.killed + score.survived > 0 ? " so far" : "")
    }
}
