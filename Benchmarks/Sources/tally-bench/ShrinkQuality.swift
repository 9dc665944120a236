import Tally

/// The shrink-quality cases of Tally's tests, timed: each from 20 seeds, with its expected minimum.
enum ShrinkQuality {
    struct Case {
        var name: String
        var expected: String
        var property: Property
    }

    static let cases: [Case] = [
        Case(
            name: "sum > 1000", expected: "[1001]",
            property: Property("sum", Gen.int(in: 0...2000).array(length: 0...50)) { list in
                try ensure(list.reduce(0, +) <= 1000, "sum ≤ 1000")
            }),
        Case(
            name: "flatMap product > 50", expected: "[51]",
            property: Property(
                "product",
                Gen.int(in: 1...50).flatMap { n in Gen.int(in: 0...100).array(length: n...n) }
            ) { list in
                try ensure(list.reduce(1) { min($0 * $1, 1_000_000) } <= 50, "product ≤ 50")
            }),
        Case(
            name: "string contains x", expected: "\"x\"",
            property: Property("x", Gen.string(of: .ascii, length: 0...40)) { text in
                try ensure(!text.contains("x"), "no x")
            }),
        Case(
            name: "a > b + 5", expected: "(6, 0)",
            property: Property("gap", Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))) { a, b in
                try ensure(a <= b + 5, "a ≤ b + 5")
            }),
        Case(
            name: "three trues", expected: "[true, true, true]",
            property: Property("bools", Gen.bool.array(length: 1...30)) { flags in
                try ensure(flags.filter { $0 }.count < 3, "fewer than three true")
            }),
    ]

    struct Measurement {
        var name: String
        var medianMilliseconds: Double
        var maximumMilliseconds: Double
        var minimaReached: Int
        var runs: Int
    }

    static func measure() async -> [Measurement] {
        var measurements: [Measurement] = []
        for shrinkCase in cases {
            var times: [Double] = []
            var reached = 0
            for seed in UInt64(1)...20 {
                var configuration = RunConfiguration()
                configuration.seed = seed
                configuration.iterations = 1000
                configuration.exampleDirectory = nil
                guard let example = await shrinkCase.property.check(configuration).counterexample else { continue }
                let (seconds, attoseconds) = example.shrinkDuration.components
                times.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
                if example.value == shrinkCase.expected { reached += 1 }
            }
            times.sort()
            measurements.append(
                Measurement(
                    name: shrinkCase.name, medianMilliseconds: times.isEmpty ? 0 : times[times.count / 2],
                    maximumMilliseconds: times.last ?? 0, minimaReached: reached, runs: 20))
        }
        return measurements
    }
}
