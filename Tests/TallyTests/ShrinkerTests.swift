import Testing

@testable import Tally

/// Shrink quality: each failing property reaches the same minimal counterexample from 20 seeds.
@Suite struct ShrinkerTests {
    static let seeds: [UInt64] = Array(1...20)

    /// Runs `property` from `seed` with no saved examples and returns its shrunk value.
    static func shrunk(_ property: Property, seed: UInt64) async -> String? {
        var configuration = RunConfiguration()
        configuration.seed = seed
        configuration.exampleDirectory = nil
        configuration.iterations = 1000
        return await property.check(configuration).counterexample?.value
    }

    @Test(arguments: seeds)
    func listWhoseSumExceedsAThousandShrinksToOneElement(seed: UInt64) async {
        let property = Property("sum", Gen.int(in: 0...2000).array(length: 0...50)) { list in
            try ensure(list.reduce(0, +) <= 1000, "sum ≤ 1000")
        }
        #expect(await Self.shrunk(property, seed: seed) == "[1001]")
    }

    @Test(arguments: seeds)
    func flatMappedListWhoseProductExceedsFiftyShrinksToOneElement(seed: UInt64) async {
        let lists = Gen.int(in: 1...50).flatMap { length in Gen.int(in: 0...100).array(length: length...length) }
        let property = Property("product", lists) { list in
            let product = list.reduce(1) { product, element in min(product * element, 1_000_000) }
            try ensure(product <= 50, "product ≤ 50")
        }
        #expect(await Self.shrunk(property, seed: seed) == "[51]")
    }

    @Test(arguments: seeds)
    func stringContainingXShrinksToX(seed: UInt64) async {
        let property = Property("x", Gen.string(of: .ascii, length: 0...40)) { text in
            try ensure(!text.contains("x"), "no x")
        }
        #expect(await Self.shrunk(property, seed: seed) == "\"x\"")
    }

    @Test(arguments: seeds)
    func pairWithGapShrinksToTightPair(seed: UInt64) async {
        let property = Property("gap", Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))) { a, b in
            try ensure(!(a > b + 5), "a ≤ b + 5")
        }
        #expect(await Self.shrunk(property, seed: seed) == "(6, 0)")
    }

    @Test(arguments: seeds)
    func boolsWithThreeTruesShrinkToThreeTrues(seed: UInt64) async {
        let property = Property("bools", Gen.bool.array(length: 1...30)) { flags in
            try ensure(flags.filter { $0 }.count < 3, "fewer than three true")
        }
        #expect(await Self.shrunk(property, seed: seed) == "[true, true, true]")
    }

    @Test func noCaseIsEvaluatedTwice() async {
        var evaluated: [[Int]] = []
        let outcome = await shrink(Gen.int(in: 0...2000).array(length: 0...50), from: [1, 900, 1, 3, 1, 700, 1, 5, 0]) {
            list in
            evaluated.append(list)
            return list.reduce(0, +) > 1000
        }
        #expect(outcome.value == [1001])
        #expect(
            evaluated.count == outcome.shrinker.evaluations + 1, "the starting case's own check, and every evaluation")
        #expect(Set(evaluated).count == evaluated.count)
        #expect(
            outcome.shrinker.candidates > outcome.shrinker.evaluations,
            "candidates the generator turns into known or larger cases cost no evaluation")
    }

    @Test(arguments: [UInt64(1), 10, 1000, (1 << 32) + 5, (1 << 62) + 3, UInt64.max - 5] as [UInt64])
    func aSixtyFourBitChoiceComesDownInUnderNinetyEvaluations(threshold: UInt64) async {
        let outcome = await shrink(Gen<UInt64>.anyInt, from: [.max]) { $0 >= threshold }
        #expect(outcome.value == threshold)
        // About seventy, and up to twenty more where every other pass is stuck: the value's last digits and
        // its remainders by 2 to 6 (keep the last digits).
        #expect(outcome.shrinker.evaluations <= 90, "\(outcome.shrinker.evaluations) evaluations")
    }

    @Test func aPassThatKeepsFailingRunsLessOften() async {
        // Without lowering the pair together, the pair comes down a few units per round, for many rounds.
        let pairs = Gen.zip(Gen.int(in: 0...10_000_000), Gen.int(in: 0...10_000_000))
        let outcome = await shrink(
            pairs, from: [9_000_000, 8_999_997], passes: ShrinkPass.all(except: "lower pairs together"),
            evaluationLimit: 3_000
        ) { pair in
            pair.0 >= 10 && (1...4).contains(pair.0 - pair.1)
        }
        let statistics = outcome.shrinker.statistics
        let lowerings = statistics["lower choices"]?.runs ?? 0
        let regenerations = statistics["lower and regenerate"]?.runs ?? 0
        #expect(lowerings > 10)
        #expect(regenerations * 2 < lowerings)
    }
}
