import Testing

@testable import Tally

/// `Gen.zip(…).map` with a closure of the parts is one fused generator that draws exactly what mapping
/// the tuple draws.
@Suite struct MappedZipTests {
    struct Line: Equatable { var cost, deductible, met, rate, cap, spent: Int }

    static let parts = (
        Gen.int(in: 0...100_000), Gen.int(in: 0...5_000), Gen.int(in: -3...3), Gen.int(in: 0...10_000),
        Gen.int(in: 1...9), Gen.int(in: 0...1)
    )

    /// The values, choices and spans of `count` cases of `generator`, drawn as the search draws them.
    func drawn<Cases: Generator>(_ generator: Cases, count: Int = 300) -> [(String, [UInt64], [ChoiceSpan])] {
        var source = ChoiceSource(seed: 5)
        source.tracksStructure = true
        return (0..<count).map { index in
            source.startCase(slot: index, size: nil)
            let value = generator.generate(&source)
            return (String(describing: value), source.recorded, source.spans)
        }
    }

    func sameCases<A: Generator, B: Generator>(
        _ fused: A, _ mapped: B, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (left, right) = (drawn(fused), drawn(mapped))
        #expect(left.map(\.0) == right.map(\.0), sourceLocation: sourceLocation)
        #expect(left.map(\.1) == right.map(\.1), sourceLocation: sourceLocation)
        #expect(left.map(\.2) == right.map(\.2), sourceLocation: sourceLocation)
    }

    @Test func aClosureOfThePartsMakesTheFusedGenerator() {
        let (a, b, c, d, e, f) = Self.parts
        let lines = Gen.zip(a, b, c, d, e, f).map {
            Line(cost: $0, deductible: $1, met: $2, rate: $3, cap: $4, spent: $5)
        }
        #expect(
            type(of: lines)
                == Generators.MappedZip6<
                    Generators.Integer<Int>, Generators.Integer<Int>, Generators.Integer<Int>, Generators.Integer<Int>,
                    Generators.Integer<Int>, Generators.Integer<Int>, Line
                >.self)
        let sums = Gen.zip(a, b).map(+)
        #expect(type(of: sums) == Generators.MappedZip2<Generators.Integer<Int>, Generators.Integer<Int>, Int>.self)
        // A closure of the tuple still maps the tuple.
        let firsts = Gen.zip(a, b).map { pair in pair.0 }
        #expect(
            type(of: firsts)
                == Generators.Map<Generators.Zip2<Generators.Integer<Int>, Generators.Integer<Int>>, Int>.self)
    }

    @Test func everyArityDrawsWhatMappingTheTupleDraws() {
        let (a, b, c, d, e, f) = Self.parts
        sameCases(Gen.zip(a, b).map { $0 * 10 + $1 }, Gen.zip(a, b).map { pair in pair.0 * 10 + pair.1 })
        sameCases(Gen.zip(a, b, c).map { [$0, $1, $2] }, Gen.zip(a, b, c).map { t in [t.0, t.1, t.2] })
        sameCases(Gen.zip(a, b, c, d).map { [$0, $1, $2, $3] }, Gen.zip(a, b, c, d).map { t in [t.0, t.1, t.2, t.3] })
        sameCases(
            Gen.zip(a, b, c, d, e).map { [$0, $1, $2, $3, $4] },
            Gen.zip(a, b, c, d, e).map { t in [t.0, t.1, t.2, t.3, t.4] })
        sameCases(
            Gen.zip(a, b, c, d, e, f).map { Line(cost: $0, deductible: $1, met: $2, rate: $3, cap: $4, spent: $5) },
            Gen.zip(a, b, c, d, e, f).map { t in
                Line(cost: t.0, deductible: t.1, met: t.2, rate: t.3, cap: t.4, spent: t.5)
            })
        // Parts with spans of their own: lists, whose element spans the comparison must see.
        let lists = Gen.zip(a.array(), c.array()).map { $0 + $1 }
        sameCases(lists, Gen.zip(a.array(), c.array()).map { pair in pair.0 + pair.1 })
        #expect(drawn(lists).contains { !$0.2.isEmpty }, "no spans recorded: the span comparison checked nothing")
    }
}
