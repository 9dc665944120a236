import Testing

@testable import Tally

/// `Gen.anyFloat` draws the values floating-point code gets wrong, and shrinks toward the simplest.
@Suite struct GenAnyFloatTests {
    /// The first drawn value (of 1000) that `matches`, with its choices, to shrink from.
    func firstDrawn<Value>(_ generator: Gen<Value>, where matches: (Value) -> Bool) throws -> ChoiceSequence {
        try #require(samples(generator, count: 1000).first { matches($0.value) }).choices
    }

    @Test func theEdgeValuesShowUpInAThousandCases() {
        let values = samples(Gen.anyDouble()).map(\.value)
        let patterns = Set(values.map(\.bitPattern))
        for edge in [
            0.0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity,
            -.infinity, 1.0.nextUp,
        ] {
            #expect(patterns.contains(edge.bitPattern), "\(edge) missing")
        }
        #expect(values.contains { $0.isSubnormal && $0 != .leastNonzeroMagnitude }, "subnormals other than the least")
        #expect(values.contains { $0.isSignalingNaN })
        #expect(values.contains { $0.isNaN && $0.significandBitPattern & 0xF_FFFF_FFFF != 0 }, "NaN with a payload")
        #expect(values.contains { $0 != $0.rounded() && abs($0) < 1000 }, "fractions a person writes")
        #expect(values.contains { $0 == $0.rounded() && abs($0) > 1 && abs($0) < 1000 }, "small whole numbers")
        #expect(
            values.contains { abs($0) > 1e100 && $0.isFinite && $0.significandBitPattern != 0 },
            "huge, not a power of two")
        #expect(values.contains { $0.exponent > 3 && $0.significandBitPattern == 0 }, "powers of two")
    }

    @Test func finiteOnlyNeverDrawsNaNOrInfinity() {
        #expect(samples(Gen.anyDouble(includingNonFinite: false), count: 3000).allSatisfy { $0.value.isFinite })
        #expect(samples(Gen<Float>.anyFloat(includingNonFinite: false), count: 3000).allSatisfy { $0.value.isFinite })
    }

    @Test func floatsDrawTheirOwnEdges() {
        let patterns = Set(samples(Gen<Float>.anyFloat()).map(\.value.bitPattern))
        for edge in [
            -0.0, .leastNonzeroMagnitude, Float.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            Float(16_777_216).nextUp,
        ] as [Float] {
            #expect(patterns.contains(edge.bitPattern), "\(edge) missing")
        }
    }

    @Test func replaysToTheSameBits() {
        let generator = Gen.anyDouble()
        #expect(
            samples(generator, count: 500).allSatisfy {
                replay(generator, $0.choices).bitPattern == $0.value.bitPattern
            })
        #expect(replay(generator, []).bitPattern == 0.0.bitPattern, "no choices: +0.0")
    }

    /// Whether drawn as an edge value or as a bit pattern, a NaN shrinks to the one people write.
    @Test func everyNaNShrinksToTheQuietNaN() async {
        let doubles = Gen.anyDouble()
        let others = samples(doubles, count: 5_000).filter {
            $0.value.isNaN && $0.value.bitPattern != Double.nan.bitPattern
        }
        #expect(others.count >= 5)
        for start in others.prefix(8) {
            #expect(await shrink(doubles, from: start.choices) { $0.isNaN }.value.bitPattern == Double.nan.bitPattern)
        }
    }

    @Test func shrinksTowardZeroThenWholeNumbersThenShortFractions() async throws {
        let doubles = Gen.anyDouble()
        func shrunk(_ fails: @escaping (Double) -> Bool) async throws -> Double {
            await shrink(doubles, from: try firstDrawn(doubles, where: fails), fails).value
        }
        #expect(try await shrunk { $0 < 0 } == -1)
        #expect(try await shrunk { $0 > 1000 } == 1001)
        #expect(try await shrunk { $0.isFinite && $0 != $0.rounded() } == 0.1)
        #expect(try await shrunk { $0.isFinite && $0 > 1 && $0 != $0.rounded() } == 1.1)
        #expect(try await shrunk { $0.isNaN }.bitPattern == Double.nan.bitPattern)
        #expect(try await shrunk { $0.isInfinite } == .infinity)
        #expect(try await shrunk { $0.isSubnormal } == .leastNonzeroMagnitude)
        #expect(try await shrunk { $0.isFinite && abs($0) > 1e300 } == .greatestFiniteMagnitude)
        #expect(try await shrunk { $0 == 0 && $0.sign == .minus }.bitPattern == (-0.0).bitPattern)
    }
}
