import Foundation
import Tally

/// `tally-bench search-challenge`: how soon random search finds planted failures. Every case runs from
/// seeds 1…20 with up to 1000 cases, no saved examples and no shrinking, counting the cases until the
/// first failure (the failing one included) — as `Benchmarks/hypothesis/search_challenge.py` counts.
enum SearchChallenge {
    struct Measurement {
        var name: String
        var group: String
        /// Cases until the first failure, for the runs that found one.
        var cases: [Int] = []
        var runs = 0

        var found: Int { cases.count }
        var mean: Double? { cases.isEmpty ? nil : Double(cases.reduce(0, +)) / Double(cases.count) }
    }

    static let seeds = UInt64(1)...20
    static let caseLimit = 1000
    static let all = CoincidenceCases.all + SearchTreeCases.all + [QueueMachine.overflow]

    static func measure(_ searchCase: SearchCase) async -> Measurement {
        var measurement = Measurement(name: searchCase.name, group: searchCase.group)
        for seed in seeds {
            let configuration = RunConfiguration.benchmark(seed: seed, iterations: caseLimit, shrinks: false)
            measurement.runs += 1
            let result = await searchCase.property().check(configuration)
            if result.counterexample != nil { measurement.cases.append(result.casesRun) }
        }
        return measurement
    }

    static func row(_ name: String, found: String, mean: Double?) -> String {
        "\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(found.leftPadded(7)) "
            + "\((mean.map { String(format: "%.1f", $0) } ?? "-").leftPadded(11))"
    }

    /// Runs the cases named in `names`, or all of them; a name that matches no case is an error.
    static func run(json: Bool, names: [String] = []) async {
        if let unknown = names.first(where: { name in !all.contains { $0.name == name } }) {
            FileHandle.standardError.write(
                Data(
                    ("tally-bench: error: no search-challenge case '\(unknown)'; "
                        + "the cases are \(all.map(\.name).joined(separator: ", "))\n").utf8))
            exit(2)
        }
        print(
            "case                               found  mean cases   (runs of \(seeds.count), "
                + "up to \(caseLimit) cases each)"
        )
        var measurements: [Measurement] = []
        for searchCase in all where names.isEmpty || names.contains(searchCase.name) {
            let measurement = await measure(searchCase)
            measurements.append(measurement)
            print(row(measurement.name, found: "\(measurement.found)/\(measurement.runs)", mean: measurement.mean))
        }
        let tree = measurements.filter { $0.group == "bst" }
        let everyRun = tree.filter { $0.found == $0.runs }.count
        let summed = tree.compactMap(\.mean).reduce(0, +)
        if !tree.isEmpty {
            print(
                "bst: \(everyRun) of \(tree.count) pairs found in every run; "
                    + "summed mean cases \(String(format: "%.0f", summed))"
            )
        }
        guard json else { return }
        let fields = measurements.map { measurement in
            "\"\(measurement.name)\":{\"runs\":\(measurement.runs),\"found\":\(measurement.found),"
                + "\"mean_cases\":\(measurement.mean.map { String(format: "%.1f", $0) } ?? "null")}"
        }
        print("{" + fields.joined(separator: ",") + "}")
    }
}
