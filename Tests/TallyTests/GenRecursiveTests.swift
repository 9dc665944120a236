import Testing

@testable import Tally

/// `Gen.recursive(_:fileID:line:_:)` passes a parameter down its levels, and each level is one span.
@Suite struct GenRecursiveTests {
    typealias Heap = TestHeap

    /// Heaps of at most `size` levels whose keys never go below their parent's.
    static let heaps = Gen<Heap>.recursive((bound: 0, size: 4)) { parameter, heap in
        guard parameter.size > 0 else { return Gen.constant(Heap.empty) }
        let node = Gen.int(in: parameter.bound...1000).flatMap { key in
            Gen.zip(heap((key, parameter.size - 1)), heap((key, parameter.size - 1))).map { Heap.node(key, $0, $1) }
        }
        return Gen.oneOf(Gen.constant(Heap.empty), node)
    }

    @Test func everyLevelSeesTheParameterItsParentPassed() {
        let values = samples(Self.heaps, count: 500).map(\.value)
        #expect(values.allSatisfy { $0.isHeap(above: 0, levels: 4) })
        #expect(values.contains { if case .node(_, .node, .node) = $0 { true } else { false } })
        #expect(replaysExactly(Self.heaps))
    }

    @Test func eachLevelIsOneSpanOfItsOwnKind() {
        var source = ChoiceSource(replaying: [1, 7, 1, 9, 0, 0, 0])
        let heap = Self.heaps.generate(&source)
        #expect(heap == .node(7, .node(16, .empty, .empty), .empty))
        let levels = source.spans.filter { $0.label == SpanLabel.recursion }
        #expect(levels.count == 5, "the root, two children, two grandchildren")
        #expect(levels.contains { $0.start == 0 && $0.end == 7 && $0.depth == 0 })
    }

    @Test func aMirroredHeapShrinksToTheSmallerOrder() async throws {
        // The heap fails when its two-node child comes first; mirrored it fails too, and is smaller.
        let property = Property("mirror", Self.heaps) { heap in
            guard case .node(_, let left, let right) = heap else { return }
            for child in [left, right] {
                if case .node(_, .node, _) = child { throw PropertyFailure("a child with a child") }
            }
        }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.iterations = 1000
        let example = try #require(await property.check(configuration).counterexample)
        #expect(example.value == "(0, None, (0, (0, None, None), None))")
    }

    /// The same heaps from a hand-written recursive generator: each erased generator's value is a span.
    static func handWrittenHeaps(bound: Int, levels: Int) -> Gen<Heap> {
        Gen { source in
            guard levels > 0, Gen.bool.generate(&source) else { return .empty }
            let key = Gen.int(in: bound...1000).generate(&source)
            let left = handWrittenHeaps(bound: key, levels: levels - 1).generate(&source)
            let right = handWrittenHeaps(bound: key, levels: levels - 1).generate(&source)
            return .node(key, left, right)
        }
    }

    @Test(arguments: UInt64(1)...5)
    func aHandWrittenRecursionIsMirroredToo(seed: UInt64) async throws {
        let property = Property("mirror", Self.handWrittenHeaps(bound: 0, levels: 4)) { heap in
            guard case .node(_, let left, let right) = heap else { return }
            for child in [left, right] {
                if case .node(_, .node, _) = child { throw PropertyFailure("a child with a child") }
            }
        }
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.seed = seed
        let example = try #require(await property.check(configuration).counterexample)
        #expect(example.value == "(0, None, (0, (0, None, None), None))")
    }

    @Test func aRecursionThatNeverStopsNamesItsCallSite() async throws {
        let site = #line + 1  // the exit test is reported at the line of its #expect
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let endless = Gen<Int>.recursive(0) { depth, deeper in deeper(depth + 1) }
                _ = samples(endless, count: 1)
            })
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                "TallyTests/GenRecursiveTests.swift:\(site): Precondition failed: Gen.recursive went 200 levels deep"))
    }
}

extension TestHeap {
    func isHeap(above bound: Int, levels: Int) -> Bool {
        guard case .node(let key, let left, let right) = self else { return true }
        return key >= bound && levels > 0 && left.isHeap(above: key, levels: levels - 1)
            && right.isHeap(above: key, levels: levels - 1)
    }
}
