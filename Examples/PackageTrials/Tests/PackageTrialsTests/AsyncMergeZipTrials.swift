import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `merge` and `zip` of two or three sources under Tally's scheduler.
///
/// The promises, from the Merge and Zip guides: a merge "terminates when all of the base asynchronous
/// sequences terminate" and gives every element of each (a merge, so each base's elements in their own
/// order); a zip "will await for all base iterators to produce a value", and "if any of the base
/// iterations terminates by returning `nil` … returns `nil` and all iterations of other bases will be
/// cancelled". Both create tasks to iterate the bases, so cancelling the consumer, or dropping its
/// iterator, must reach every base still running. `AsyncIteratorProtocol`: after nil, nil for ever.
@Suite struct AsyncMergeZipTrials {
    struct Plan: Sendable, CustomStringConvertible {
        var sources: [ScriptedSource.Kind]
        /// How many times each source yields before each element.
        var yields: [Int]
        /// The consumer stops after this many elements (it drops its iterator), or reads to the end.
        var take: Int?
        /// The consumer's task is cancelled after this many yields of a canceller, or never.
        var cancelAfter: Int?

        /// Each source's values, or nil for one that does not end by itself.
        var values: [[Int]?] {
            sources.map { if case .values(let values) = $0 { values } else { nil } }
        }

        var description: String {
            let sources = sources.enumerated().map { index, kind in
                "S\(index + 1) \(kind)\(yields[index] > 0 ? " (\(yields[index]) yields each)" : "")"
            }
            return
                (sources + [take.map { "consumer takes \($0)" } ?? "consumer reads to the end"]
                + (cancelAfter.map { ["consumer cancelled after \($0) yields"] } ?? [])).joined(separator: "; ")
        }
    }

    struct Outcome: Sendable, CustomStringConvertible {
        /// What the consumer received (a zip's tuples flattened), and what its next() gave after nil.
        var received: [[Int]]
        var afterEnd: [Int]?
        var endedWithNil: Bool
        let sources: ScriptedSource.Log

        var description: String {
            let named = sources.current.enumerated().map { "S\($0.offset + 1) \($0.element)" }
            return "received \(received)\(endedWithNil ? ", then nil" : "")"
                + "\(afterEnd.map { ", then \($0) after nil" } ?? ""); sources: \(named.joined(separator: ", "))"
        }
    }

    /// Two or three sources of up to four values each; with `stopping`, also endless and silent ones, and a
    /// consumer that stops after a few elements or is cancelled (always one or the other when a source does
    /// not end by itself, and always cancelled when one is silent).
    static func plans(stopping: Bool) -> Gen<Plan> {
        let count: Gen<Int> = Gen(Gen.int(in: 0...4))
        let kind: Gen<Int> = stopping ? Gen(Gen.oneOf(count, Gen.constant(-1), Gen.constant(-2))) : count
        let cancelAfter: Gen<Int?> = Gen(Gen.oneOf(Gen.constant(nil), Gen.int(in: 0...8).map { Optional($0) }))
        let drawn = Gen.zip(
            kind.array(length: 2...3), Gen.int(in: 0...2).array(length: 3...3), Gen.int(in: 0...4), cancelAfter)
        return Gen(
            drawn.map { (kinds: [Int], yields: [Int], take: Int, cancelAfter: Int?) -> Plan in
                let sources = kinds.enumerated().map { index, kind -> ScriptedSource.Kind in
                    switch kind {
                    case -1: .endless
                    case -2: .silent
                    default: .values((0..<kind).map { 100 * (index + 1) + $0 + 1 })
                    }
                }
                // A silent source may keep the consumer waiting for ever: then only cancelling it ends the run.
                let silent = sources.contains(.silent)
                return Plan(
                    sources: sources, yields: Array(yields.prefix(sources.count)),
                    take: stopping && (cancelAfter == nil || take < 4) ? take : nil,
                    cancelAfter: stopping ? (silent ? cancelAfter ?? 0 : cancelAfter) : nil)
            })
    }

    /// Consumes `sequence` in a task of its own, as the plan says, and returns what it got once that task,
    /// and with it the iterator, is gone.
    static func consume<S: AsyncSequence & Sendable>(
        _ sequence: S, _ plan: Plan, _ log: ScriptedSource.Log, flatten: @escaping @Sendable (S.Element) -> [Int]
    ) async -> Outcome where S.Element: Sendable {
        let consumer = Task { () -> ([[Int]], Bool, [Int]?) in
            var iterator = sequence.makeAsyncIterator()
            var received: [[Int]] = []
            while plan.take.map({ received.count < $0 }) ?? true {
                guard let element = try? await iterator.next() else {
                    let again = try? await iterator.next()
                    return (received, true, again.map(flatten))
                }
                received.append(flatten(element))
            }
            return (received, false, nil)
        }
        if let yields = plan.cancelAfter {
            await yield(times: yields)
            consumer.cancel()
        }
        let (received, endedWithNil, afterEnd) = await consumer.value
        return Outcome(received: received, afterEnd: afterEnd, endedWithNil: endedWithNil, sources: log)
    }

    static func sources(_ plan: Plan) -> ([ScriptedSource], ScriptedSource.Log) {
        let log = ScriptedSource.Log(Array(repeating: ScriptedSource.Ending(), count: plan.sources.count))
        let sources = plan.sources.indices.map {
            ScriptedSource(index: $0, kind: plan.sources[$0], yields: plan.yields[$0], log: log)
        }
        return (sources, log)
    }

    static func runMerge(_ plan: Plan) async -> Outcome {
        let (s, log) = sources(plan)
        if s.count == 2 { return await consume(merge(s[0], s[1]), plan, log) { [$0] } }
        return await consume(merge(s[0], s[1], s[2]), plan, log) { [$0] }
    }

    static func runZip(_ plan: Plan) async -> Outcome {
        let (s, log) = sources(plan)
        if s.count == 2 { return await consume(zip(s[0], s[1]), plan, log) { [$0.0, $0.1] } }
        return await consume(zip(s[0], s[1], s[2]), plan, log) { [$0.0, $0.1, $0.2] }
    }

    /// Once the consumer is gone, no source may still wait in `next()` for a cancellation that never comes
    /// (an endless source never cancelled keeps the run from finishing: it fails as a run over its step
    /// limit), and none may be asked for an element after it ended. Read after the run, when every job
    /// that could run has run.
    static func everySourceEnded(_ outcome: Outcome) throws {
        for (index, ending) in outcome.sources.current.enumerated() {
            try ensure(
                !ending.waiting, "S\(index + 1) (\(ending)) after the consumer is gone: cancellation did not reach it")
            try ensure(!ending.nextAfterEnd, "S\(index + 1)'s next() was called after it returned nil")
        }
    }

    static let mergeDelivers = Property(
        "merge gives every element of every source once, each source's in order, then nil for ever",
        Gen.scheduled(plans(stopping: false), runMerge)
    ) { scenario in
        let outcome = try scenario.run.outcome
        let received = outcome.received.flatMap { $0 }
        try ensureEqual(received.sorted(), scenario.plan.values.flatMap { $0 ?? [] }.sorted(), "elements received")
        for (index, values) in scenario.plan.values.enumerated() {
            try ensureEqual(
                received.filter { $0 / 100 == index + 1 }, values ?? [], "S\(index + 1)'s elements, in order")
        }
        try ensure(outcome.endedWithNil, "the merge ended with nil")
        try ensure(outcome.afterEnd == nil, "next() after nil returned \(outcome.afterEnd!)")
        try everySourceEnded(outcome)
    }

    static let mergeStops = Property(
        "merge: a consumer that stops or is cancelled ends the iteration of every source",
        Gen.scheduled(plans(stopping: true), runMerge)
    ) { scenario in
        let outcome = try scenario.run.outcome
        let received = outcome.received.flatMap { $0 }
        try ensureEqual(received.count, Set(received).count, "elements received (each once)")
        for index in scenario.plan.sources.indices {
            let own = received.filter { $0 / 100 == index + 1 }
            try ensureEqual(own, own.sorted(), "S\(index + 1)'s elements, in order")
        }
        try everySourceEnded(outcome)
    }

    static let zipDelivers = Property(
        "zip gives the tuples of the sources' elements up to the shortest, then nil, and cancels the others",
        Gen.scheduled(plans(stopping: false), runZip)
    ) { scenario in
        let outcome = try scenario.run.outcome
        let sources = scenario.plan.values.map { $0 ?? [] }
        let shortest = sources.map(\.count).min() ?? 0
        let expected = (0..<shortest).map { position in sources.map { $0[position] } }
        try ensureEqual(outcome.received, expected, "tuples received")
        try ensure(outcome.endedWithNil, "the zip ended with nil")
        try ensure(outcome.afterEnd == nil, "next() after nil returned \(outcome.afterEnd!)")
        try everySourceEnded(outcome)
    }

    static let zipStops = Property(
        "zip: a consumer that stops or is cancelled, or a source that ends, ends the iteration of every source",
        Gen.scheduled(plans(stopping: true), runZip)
    ) { scenario in
        let outcome = try scenario.run.outcome
        for (position, tuple) in outcome.received.enumerated() {
            try ensureEqual(tuple, tuple.indices.map { 100 * ($0 + 1) + position + 1 }, "tuple \(position + 1)")
        }
        try everySourceEnded(outcome)
    }

    @Test func mergeDeliversHolds() async {
        await expectHolds(Self.mergeDelivers, cases: 300)
    }

    @Test func mergeStopsHolds() async {
        await expectHolds(Self.mergeStops, cases: 300)
    }

    @Test func zipDeliversHolds() async {
        await expectHolds(Self.zipDelivers, cases: 300)
    }

    @Test func zipStopsHolds() async {
        await expectHolds(Self.zipStops, cases: 300)
    }
}
