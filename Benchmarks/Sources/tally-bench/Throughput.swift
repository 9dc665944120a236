import PropertyBased
import Tally

/// Cases per second of three ways to check the same property, measured side by side.
enum Throughput {
    /// No framework: six draws from Tally's pseudo-random generator and the check. Each round takes a seed
    /// of its own: the loop reads no memory, so rounds with the same seed in one loop were computed once
    /// and the later ones timed nothing.
    static func rawLoop(cases: Int, seed: UInt64) -> Int {
        var random = RandomSource(seed: seed)
        var failures = 0
        for _ in 0..<cases {
            let line = LineInputs(
                cost: Int(random.next(upTo: UInt64(LineInputs.costRange.upperBound))),
                deductible: Int(random.next(upTo: UInt64(LineInputs.deductibleRange.upperBound))),
                deductibleMet: Int(random.next(upTo: UInt64(LineInputs.deductibleMetRange.upperBound))),
                coinsuranceBasisPoints: Int(random.next(upTo: UInt64(LineInputs.coinsuranceRange.upperBound))),
                oopMaximum: Int(random.next(upTo: UInt64(LineInputs.oopMaximumRange.upperBound))),
                oopSpent: Int(random.next(upTo: UInt64(LineInputs.oopSpentRange.upperBound))))
            // Fold the result in, so the optimizer cannot drop the draws or the adjudication.
            let result = adjudicate(line)
            if result.insurer + result.patient != line.cost || result.patient > result.remainingOOP { failures += 1 }
            failures &+= result.patient & 1
        }
        return failures
    }

    static let tallyInputs = Gen.zip(
        Gen.int(in: LineInputs.costRange), Gen.int(in: LineInputs.deductibleRange),
        Gen.int(in: LineInputs.deductibleMetRange), Gen.int(in: LineInputs.coinsuranceRange),
        Gen.int(in: LineInputs.oopMaximumRange), Gen.int(in: LineInputs.oopSpentRange)
    ).map {
        LineInputs(
            cost: $0, deductible: $1, deductibleMet: $2, coinsuranceBasisPoints: $3, oopMaximum: $4, oopSpent: $5)
    }

    static let tallyProperty = Property("bench/adjudication", tallyInputs) { line in
        try ensure(holds(line), "insurer + patient == cost and patient <= remaining OOP")
    }

    /// Tally's plain runner (`Property.check`): boundary cases one in four, no choices kept while searching.
    static func tally(cases: Int) async -> Bool {
        var configuration = RunConfiguration()
        configuration.iterations = cases
        configuration.exampleDirectory = nil
        return await tallyProperty.check(configuration).passed
    }

    /// Tally's generators alone, driven by hand as the search drives them (no choices kept): the cost
    /// of generation without the runner.
    static func tallyGeneratorsOnly(cases: Int) -> Int {
        var source = ChoiceSource(random: RandomSource(seed: 42), recording: false)
        var failures = 0
        for _ in 0..<cases {
            source.restart()
            let line = tallyInputs.generate(&source)
            if !holds(line) { failures += 1 }
        }
        return failures
    }

    /// swift-property-based 2.0.1's generators in a plain loop, with the check: an upper bound on what
    /// its runner can do (its runner itself is timed by ``PeerRunner``). Seeded per round, as
    /// ``rawLoop(cases:seed:)`` is.
    static func swiftPropertyBased(cases: Int, seed: UInt64) -> Int {
        let generator = PropertyBased.zip(
            PropertyBased.Gen.int(in: LineInputs.costRange), PropertyBased.Gen.int(in: LineInputs.deductibleRange),
            PropertyBased.Gen.int(in: LineInputs.deductibleMetRange),
            PropertyBased.Gen.int(in: LineInputs.coinsuranceRange),
            PropertyBased.Gen.int(in: LineInputs.oopMaximumRange), PropertyBased.Gen.int(in: LineInputs.oopSpentRange))
        var random = Xoshiro(seed: (1, 2, 3, seed))
        var failures = 0
        for _ in 0..<cases {
            let (a, b, c, d, e, f) = generator.run(using: &random)
            let line = LineInputs(
                cost: a, deductible: b, deductibleMet: c, coinsuranceBasisPoints: d, oopMaximum: e, oopSpent: f)
            if !holds(line) { failures += 1 }
        }
        return failures
    }
}
