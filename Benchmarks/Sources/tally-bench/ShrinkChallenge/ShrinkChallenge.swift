import Foundation
import Tally

/// `tally-bench shrink-challenge`: every challenge case from 20 seeds — how often the known minimum is
/// reached, the evaluations after the first failure, the shrink time, and how often a budget ran out.
enum ShrinkChallenge {
    struct Measurement {
        var name: String
        var runs = 0
        var minimalRuns = 0
        var evaluations: [Int] = []
        var shrinkMilliseconds: [Double] = []
        var budgetHits = 0
        var notFound = 0
        var results: [String: Int] = [:]
    }

    static let seeds = UInt64(1)...20

    static func measure(_ challenge: ChallengeCase) async -> Measurement {
        var measurement = Measurement(name: challenge.name)
        for seed in seeds {
            let counter = EvaluationCounter()
            let configuration = RunConfiguration.benchmark(seed: seed, iterations: 100_000)
            measurement.runs += 1
            guard let example = await challenge.property(counter).check(configuration).counterexample else {
                measurement.notFound += 1
                continue
            }
            measurement.evaluations.append(counter.evaluations)
            measurement.shrinkMilliseconds.append(
                Double(example.shrinkDuration.components.seconds) * 1000
                    + Double(example.shrinkDuration.components.attoseconds) / 1e15)
            if example.shrinkBudgetExhausted != nil { measurement.budgetHits += 1 }
            if challenge.minima.contains(example.value) { measurement.minimalRuns += 1 }
            measurement.results[example.value, default: 0] += 1
        }
        return measurement
    }

    static func median<T: Comparable>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }

    /// Runs the cases named in `names`, or all of them; a name that matches no case is an error.
    static func run(json: Bool, names: [String] = []) async {
        if let unknown = names.first(where: { name in !ChallengeCases.all.contains { $0.name == name } }) {
            FileHandle.standardError.write(
                Data(
                    ("tally-bench: error: no shrink-challenge case '\(unknown)'; "
                        + "the cases are \(ChallengeCases.all.map(\.name).joined(separator: ", "))\n").utf8))
            exit(2)
        }
        var measurements: [Measurement] = []
        print("case                       minimal  median evals  max evals  median shrink ms  budget hits")
        for challenge in ChallengeCases.all where names.isEmpty || names.contains(challenge.name) {
            let measurement = await measure(challenge)
            measurements.append(measurement)
            let name = challenge.name.padding(toLength: 26, withPad: " ", startingAt: 0)
            let evaluations = median(measurement.evaluations).map(String.init) ?? "-"
            let maximum = measurement.evaluations.max().map(String.init) ?? "-"
            let time = median(measurement.shrinkMilliseconds).map { String(format: "%.2f", $0) } ?? "-"
            print(
                "\(name) \("\(measurement.minimalRuns)/\(measurement.runs)".leftPadded(7)) "
                    + "\(evaluations.leftPadded(13)) \(maximum.leftPadded(10)) \(time.leftPadded(17)) "
                    + "\(String(measurement.budgetHits).leftPadded(12))"
            )
            if measurement.notFound > 0 { print("  no failure found from \(measurement.notFound) seeds") }
            for (value, count) in measurement.results.sorted(by: { $0.value > $1.value }).prefix(3)
            where !challenge.minima.contains(value) {
                print("  \(count)× \(value.replacingOccurrences(of: "\n", with: " ").prefix(110))")
            }
        }
        guard json else { return }
        let fields = measurements.map { measurement in
            "\"\(measurement.name)\":{\"runs\":\(measurement.runs),\"minimal_runs\":\(measurement.minimalRuns),"
                + "\"median_evaluations_after_failure\":\(median(measurement.evaluations) ?? -1),"
                + "\"max_evaluations_after_failure\":\(measurement.evaluations.max() ?? -1),"
                + "\"median_shrink_ms\":\(String(format: "%.3f", median(measurement.shrinkMilliseconds) ?? -1)),"
                + "\"budget_hits\":\(measurement.budgetHits)}"
        }
        print("{" + fields.joined(separator: ",") + "}")
    }
}
