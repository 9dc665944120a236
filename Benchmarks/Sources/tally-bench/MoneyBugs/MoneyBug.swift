import Foundation
import Tally

/// One money bug: a property over exact integer cents, the code under test written as a developer would
/// write it with the slip in it, and its least counterexample as Tally prints it.
///
/// The least counterexample is the least failing value in the order Tally's shrinker aims at: for a tuple
/// of ranges, lexicographic order of each value's distance from its range's simplest value.
/// `Benchmarks/hypothesis/money_bugs.py` holds the same definitions and finds each minimum by an
/// exhaustive search in that order.
struct MoneyBug: Sendable {
    /// The bug's name, the same as in `money_bugs.py`.
    var name: String
    /// The least counterexample, as Tally prints it.
    var minimum: String
    /// The property, with its body counting evaluations into the given counter.
    var property: @Sendable (EvaluationCounter) -> Property
}

extension MoneyBug {
    /// A bug whose property checks `body` on values of `cases`.
    init<Cases: Generator>(
        _ name: String, minimum: String, _ cases: Cases, _ body: @escaping @Sendable (Cases.Value) throws -> Void
    ) {
        self.init(name: name, minimum: minimum) { counter in
            Property("money/\(name)", cases) { value in try counter.run(value, body) }
        }
    }
}

/// `tally-bench money`: how soon the money bugs are found and how well they shrink, beside Hypothesis's
/// figures from `Benchmarks/hypothesis/money_bugs.json`.
///
/// The search runs from seeds 1…100 with up to 1000 cases, no saved examples and no shrinking, counting
/// the cases until the first failure (the failing one included), as `SearchChallenge` does. The shrink
/// runs from seeds 1…100 with 100,000 cases, counting evaluations from the first failure on (the first
/// failure included), as `ShrinkChallenge` does; medians are lower medians, as Python's `median_low`.
enum MoneyBenchmark {
    /// One tool's figures for one bug.
    struct Figures {
        var searchRuns = 0
        var foundWithin100 = 0
        var foundWithin1000 = 0
        var meanCases: Double?
        var meanCasesWithin100: Double?
        var shrinkRuns = 0
        var minimalRuns = 0
        var medianEvaluations: Int?
        /// The counterexamples reported, most common first.
        var results: [(value: String, count: Int)] = []
    }

    /// The seeds of the search runs, the most cases one draws, and the seeds of the shrink runs.
    static let searchSeeds = UInt64(1)...100
    static let caseLimit = 1000
    static let shrinkSeeds = UInt64(1)...100
    /// Every money bug, in the table's order.
    static let all = RoundingBugs.all + RuleBugs.all

    /// The mean of `values`; `nil` when there are none.
    static func mean(_ values: [Int]) -> Double? {
        values.isEmpty ? nil : Double(values.reduce(0, +)) / Double(values.count)
    }

    /// Tally's figures for `bug`: a search from every search seed, then a shrink from every shrink seed.
    static func measure(_ bug: MoneyBug) async -> Figures {
        var figures = Figures()
        var cases: [Int] = []
        for seed in searchSeeds {
            let configuration = RunConfiguration.benchmark(seed: seed, iterations: caseLimit, shrinks: false)
            figures.searchRuns += 1
            let result = await bug.property(EvaluationCounter()).check(configuration)
            if result.counterexample != nil, result.casesRun <= caseLimit { cases.append(result.casesRun) }
        }
        let within100 = cases.filter { $0 <= 100 }
        (figures.foundWithin100, figures.foundWithin1000) = (within100.count, cases.count)
        (figures.meanCases, figures.meanCasesWithin100) = (mean(cases), mean(within100))
        var evaluations: [Int] = [], results: [String: Int] = [:]
        for seed in shrinkSeeds {
            let counter = EvaluationCounter()
            let configuration = RunConfiguration.benchmark(seed: seed, iterations: 100_000)
            figures.shrinkRuns += 1
            guard let example = await bug.property(counter).check(configuration).counterexample else {
                results["no failure found", default: 0] += 1
                continue
            }
            evaluations.append(counter.evaluations)
            results[example.value, default: 0] += 1
        }
        figures.minimalRuns = results[bug.minimum] ?? 0
        figures.medianEvaluations = evaluations.isEmpty ? nil : evaluations.sorted()[(evaluations.count - 1) / 2]
        figures.results = results.map { (value: $0.key, count: $0.value) }.sorted {
            ($0.count, $1.value) > ($1.count, $0.value)
        }
        return figures
    }

    /// Hypothesis's figures, as `money_bugs.py --json` writes them (its snake_case names, decoded as they are).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct HypothesisFile: Decodable {
        struct Bug: Decodable {
            struct Search: Decodable {
                var runs, found_within_100, found_within_1000: Int
                var mean_cases, mean_cases_within_100: Double?
            }
            struct Shrink: Decodable {
                var runs, minimal_runs, median_evaluations_after_failure: Int
                var results: [String: Int]
            }
            var minimum: String
            var search: Search
            var shrink: Shrink
        }
        var hypothesis_version, search_seeds, shrink_seeds: String
        var search_case_limit: Int
        var cases: [String: Bug]
    }

    /// `Benchmarks/hypothesis/money_bugs.json`, found from this source file so that any folder works.
    static let hypothesisPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("hypothesis/money_bugs.json")
        .path

    /// Hypothesis's figures for `bugs`, or exit 2 with one message saying what is wrong with the file.
    static func hypothesisFigures(for bugs: [MoneyBug]) -> (version: String, seeds: String, figures: [String: Figures])
    {
        func fail(_ problem: String) -> Never {
            FileHandle.standardError.write(
                Data(
                    ("tally-bench: error: cannot use Hypothesis's figures in \(hypothesisPath): \(problem); "
                        + "write them with `python3 Benchmarks/hypothesis/money_bugs.py --json > "
                        + "Benchmarks/hypothesis/money_bugs.json`\n")
                        .utf8))
            exit(2)
        }
        guard let data = FileManager.default.contents(atPath: hypothesisPath) else { fail("the file cannot be read") }
        let file: HypothesisFile
        do { file = try JSONDecoder().decode(HypothesisFile.self, from: data) } catch {
            fail("it is not what money_bugs.py writes (\(error))")
        }
        var figures: [String: Figures] = [:]
        for bug in bugs {
            guard let entry = file.cases[bug.name] else { fail("it has no figures for \(bug.name)") }
            guard entry.minimum == bug.minimum else {
                fail("its minimum of \(bug.name) is \(entry.minimum), Tally's is \(bug.minimum)")
            }
            let search = entry.search, shrink = entry.shrink
            figures[bug.name] = Figures(
                searchRuns: search.runs, foundWithin100: search.found_within_100,
                foundWithin1000: search.found_within_1000,
                meanCases: search.mean_cases, meanCasesWithin100: search.mean_cases_within_100, shrinkRuns: shrink.runs,
                minimalRuns: shrink.minimal_runs, medianEvaluations: shrink.median_evaluations_after_failure,
                results: shrink.results.map { (value: $0.key, count: $0.value) }.sorted {
                    ($0.count, $1.value) > ($1.count, $0.value)
                })
        }
        return (file.hypothesis_version, file.search_seeds, figures)
    }

    /// The targets `bug` misses, each as one line: found within 100 cases from at least 95 of the seeds,
    /// mean cases at most Hypothesis's, the minimum from every seed, median evaluations at most Hypothesis's.
    static func misses(_ bug: MoneyBug, tally: Figures, hypothesis: Figures) -> [String] {
        var misses: [String] = []
        if tally.foundWithin100 < 95 {
            misses.append(
                "found within 100 cases from \(tally.foundWithin100) of \(tally.searchRuns) seeds (target ≥ 95)")
        }
        if let ours = tally.meanCases, let theirs = hypothesis.meanCases, ours > theirs {
            misses.append("mean cases \(format(ours)) > Hypothesis's \(format(theirs))")
        } else if tally.meanCases == nil {
            misses.append("never found within \(caseLimit) cases")
        }
        if tally.minimalRuns < tally.shrinkRuns {
            misses.append("minimum \(bug.minimum) reached from \(tally.minimalRuns) of \(tally.shrinkRuns) seeds")
        }
        if let ours = tally.medianEvaluations, let theirs = hypothesis.medianEvaluations, ours > theirs {
            misses.append("median evaluations \(ours) > Hypothesis's \(theirs)")
        }
        return misses.map { "\(bug.name): \($0)" }
    }

    /// A mean with one decimal, or `-` when there is none.
    static func format(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }

    /// One line of the table: the bug's name, then Tally's and Hypothesis's figure of each group side by side.
    static func row(_ name: String, _ tally: Figures, _ hypothesis: Figures) -> String {
        let cells = [
            "\(tally.foundWithin100)", "\(hypothesis.foundWithin100)", "\(tally.foundWithin1000)",
            "\(hypothesis.foundWithin1000)",
            format(tally.meanCases), format(hypothesis.meanCases), format(tally.meanCasesWithin100),
            format(hypothesis.meanCasesWithin100),
            "\(tally.minimalRuns)/\(tally.shrinkRuns)", "\(hypothesis.minimalRuns)/\(hypothesis.shrinkRuns)",
            tally.medianEvaluations.map(String.init) ?? "-", hypothesis.medianEvaluations.map(String.init) ?? "-",
        ]
        return name.padding(toLength: 21, withPad: " ", startingAt: 0)
            + zip(cells, widths).map { $0.leftPadded($1) }.joined()
    }

    /// The widths of the table's columns after the bug's name: Tally's and Hypothesis's figure of each group.
    static let widths = [6, 6, 7, 6, 8, 7, 8, 7, 9, 8, 8, 7]
    static let groups = ["found ≤100", "found ≤1000", "mean cases", "mean ≤100", "minimum", "median evals"]

    /// The table's two header lines, aligned with ``row(_:_:_:)``.
    static var header: String {
        let names = groups.indices.map {
            "  " + groups[$0].padding(toLength: widths[2 * $0] + widths[2 * $0 + 1] - 2, withPad: " ", startingAt: 0)
        }
        let tools = widths.indices.map { ($0 % 2 == 0 ? "Tally" : "Hyp").leftPadded(widths[$0]) }
        let groupLine = String(repeating: " ", count: 21) + names.joined()
        return String(groupLine.reversed().drop { $0 == " " }.reversed()) + "\n"
            + "bug".padding(toLength: 21, withPad: " ", startingAt: 0) + tools.joined()
    }

    /// Runs the bugs named in `names`, or all of them; a name that matches no bug is an error. With
    /// `check`, exits 1 when a target is missed.
    static func run(json: Bool, check: Bool, names: [String] = []) async {
        if let unknown = names.first(where: { name in !all.contains { $0.name == name } }) {
            FileHandle.standardError.write(
                Data(
                    ("tally-bench: error: no money bug '\(unknown)'; "
                        + "the bugs are \(all.map(\.name).joined(separator: ", "))\n").utf8))
            exit(2)
        }
        let bugs = all.filter { names.isEmpty || names.contains($0.name) }
        let hypothesis = hypothesisFigures(for: bugs)
        print(
            "Money bugs: search from seeds \(searchSeeds) (Hypothesis: \(hypothesis.seeds)), "
                + "up to \(caseLimit) cases, no shrinking;"
                + " shrink from seeds \(shrinkSeeds), evaluations from the first failure on. "
                + "Tally beside Hypothesis \(hypothesis.version)."
        )
        print(header)
        var measured: [(MoneyBug, Figures)] = [], missed: [String] = []
        for bug in bugs {
            let tally = await measure(bug), theirs = hypothesis.figures[bug.name]!
            measured.append((bug, tally))
            missed += misses(bug, tally: tally, hypothesis: theirs)
            print(row(bug.name, tally, theirs))
            func others(_ figures: Figures) -> String {
                let shown = figures.results.filter { $0.value != bug.minimum }.prefix(3).map {
                    "\($0.count)× \($0.value)"
                }
                return shown.isEmpty ? "-" : shown.joined(separator: ", ")
            }
            print("  minimum \(bug.minimum); otherwise Tally: \(others(tally)); Hypothesis: \(others(theirs))")
        }
        if json {
            let fields = measured.map { bug, figures in
                "\"\(bug.name)\":{\"minimum\":\"\(bug.minimum)\",\"search_runs\":\(figures.searchRuns),"
                    + "\"found_within_100\":\(figures.foundWithin100),\"found_within_1000\":\(figures.foundWithin1000),"
                    + "\"mean_cases\":\(figures.meanCases.map { String(format: "%.1f", $0) } ?? "null"),"
                    + "\"mean_cases_within_100\":"
                    + "\(figures.meanCasesWithin100.map { String(format: "%.1f", $0) } ?? "null"),"
                    + "\"shrink_runs\":\(figures.shrinkRuns),\"minimal_runs\":\(figures.minimalRuns),"
                    + "\"median_evaluations_after_failure\":\(figures.medianEvaluations.map(String.init) ?? "null")}"
            }
            print("{" + fields.joined(separator: ",") + "}")
        }
        guard !missed.isEmpty else { return }
        FileHandle.standardError.write(
            Data(("tally-bench: money target missed:\n" + missed.map { "  \($0)\n" }.joined()).utf8))
        if check { exit(1) }
    }
}
