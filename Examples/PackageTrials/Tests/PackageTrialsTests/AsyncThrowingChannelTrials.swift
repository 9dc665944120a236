import AsyncAlgorithms
import Testing
import TrialSupport

/// apple/swift-async-algorithms 1.1.4: `AsyncThrowingChannel.fail(_:)` under Tally's scheduler, with
/// producers and consumers running when `fail` comes.
///
/// The promises: `fail` "Sends an error to all awaiting iterations. All subsequent calls to `next(_:)` will
/// resume immediately"; the Channel guide: "the call to `finish()` or `fail(_:)` immediately resumes all the
/// pending operations for every producers and consumers … every suspended `next()` operations by producing a
/// nil value, or by throwing an error … Further calls to `send(_:)` will immediately resume";
/// `AsyncIteratorProtocol`: after nil or an error, nil for ever. And from the design thread
/// ([#155](https://github.com/apple/swift-async-algorithms/issues/155)): "if a fail is sent, it needs to
/// definitely be consumed". Which later `next()` gets the error is the package's choice: every consumer
/// waiting at `fail`, or else the first to call `next()` after it; the others get nil (see
/// ``everyConsumerSeesTheFailure``).
@Suite struct AsyncThrowingChannelTrials {
    struct Plan: Sendable, CustomStringConvertible {
        /// How many values each producer sends: producer `p` sends `100·p + 1`, `100·p + 2`, …
        var producers: [Int]
        var consumers: Int
        /// `fail` comes after this many yields of the root task.
        var failAfter: Int

        func values(of producer: Int) -> [Int] {
            (0..<producers[producer]).map { 100 * (producer + 1) + $0 + 1 }
        }

        var description: String {
            (producers.indices.map { "P\($0 + 1) sends \(values(of: $0))" }
                + ["\(consumers) consumer\(consumers == 1 ? "" : "s")", "fail after \(failAfter) yields"])
                .joined(separator: "; ")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the failure" }
    }

    /// One `next()` call: whether it began and returned after `fail`, and what it gave.
    struct Call: Sendable, CustomStringConvertible {
        enum Result: Sendable, Equatable {
            case element(Int)
            case none
            case failure
        }

        var beganAfterFail: Bool
        var returnedAfterFail: Bool
        var result: Result

        var description: String {
            let result =
                switch result {
                case .element(let value): "\(value)"
                case .none: "nil"
                case .failure: "error"
                }
            return (beganAfterFail ? "|" : "") + result + (!beganAfterFail && returnedAfterFail ? "|" : "")
        }
    }

    struct Log: Sendable, CustomStringConvertible {
        var failed = false
        /// Each consumer's calls, in order: its iteration until nil or the error, then one call more.
        var calls: [[Call]] = []
        /// Values whose `send` began after `fail`.
        var sentAfterFail: Set<Int> = []

        /// `|` marks `fail`: before a call that began after it, after one that spanned it.
        var description: String {
            calls.enumerated().map { "C\($0.offset + 1): \($0.element.map(\.description).joined(separator: " "))" }
                .joined(separator: "; ")
        }
    }

    static let plans = Gen(
        Gen.zip(Gen.int(in: 0...2).array(length: 0...2), Gen.int(in: 1...3), Gen.int(in: 0...6)).map {
            Plan(producers: $0, consumers: $1, failAfter: $2)
        })

    static func run(_ plan: Plan) async -> Log {
        let channel = AsyncThrowingChannel<Int, any Error>()
        let log = ScheduledLog(Log(calls: Array(repeating: [], count: plan.consumers)))
        let producers = plan.producers.indices.map { producer in
            Task {
                for value in plan.values(of: producer) {
                    log.update { if $0.failed { $0.sentAfterFail.insert(value) } }
                    await channel.send(value)
                }
            }
        }
        let consumers = (0..<plan.consumers).map { consumer in
            Task {
                var iterator = channel.makeAsyncIterator()
                var ended = false
                while true {
                    let began = log.current.failed
                    let result: Call.Result
                    do {
                        result = try await iterator.next().map { .element($0) } ?? .none
                    } catch {
                        result = .failure
                    }
                    log.update {
                        $0.calls[consumer].append(
                            Call(beganAfterFail: began, returnedAfterFail: $0.failed, result: result))
                    }
                    if ended { break }
                    if case .element = result { continue }
                    ended = true
                }
            }
        }
        await yield(times: plan.failAfter)
        log.update { $0.failed = true }
        channel.fail(Failure())
        for task in producers { await task.value }
        for task in consumers { await task.value }
        return log.current
    }

    /// What the package promises: values once and only those sent before `fail`; per consumer, the error at
    /// most once and nil for ever after nil or the error; a `next()` waiting at `fail` resumed with the error
    /// (or with an element it had been given), one begun after `fail` with no element; and the error
    /// consumed at least once.
    static let failReachesTheConsumers = Property(
        "AsyncThrowingChannel.fail: waiting consumers get the error, later next() calls and sends resume at once, "
            + "the error is consumed",
        Gen.scheduled(plans, run)
    ) { scenario in
        let log = try scenario.run.outcome
        let sent = Set(scenario.plan.producers.indices.flatMap { scenario.plan.values(of: $0) })
        var received: [Int] = []
        for (consumer, calls) in log.calls.enumerated() {
            let name = "C\(consumer + 1)"
            let end = calls.firstIndex { !isElement($0.result) } ?? calls.endIndex
            try ensure(end < calls.endIndex, "\(name)'s iteration never ended")
            for call in calls[(end + 1)...] {
                try ensureEqual(call.result, .none, "\(name)'s next() after it ended")
            }
            for call in calls {
                if case .element(let value) = call.result { received.append(value) }
                if call.beganAfterFail {
                    try ensure(!isElement(call.result), "\(name)'s next() begun after fail() returned \(call)")
                } else if call.returnedAfterFail {
                    try ensure(call.result != .none, "\(name)'s next(), waiting when fail() came, returned nil")
                }
            }
        }
        try ensureEqual(received.count, Set(received).count, "values received (each once)")
        try ensure(Set(received).isSubset(of: sent), "received only values sent: \(received)")
        let afterFail = Set(received).intersection(log.sentAfterFail)
        try ensure(afterFail.isEmpty, "\(afterFail.sorted()) sent after fail(), yet received")
        try ensure(log.calls.joined().contains { $0.result == .failure }, "no consumer got the error")
    }

    /// A stronger reading than the package's: every consumer iterating the channel sees the error. It does
    /// not hold, by the package's design (a consumer that calls `next()` after another received the error gets
    /// nil); pinned to show what a user who assumes it would see.
    static let everyConsumerSeesTheFailure = Property(
        "AsyncThrowingChannel.fail: every consumer sees the error",
        Gen.scheduled(plans, run)
    ) { scenario in
        for (consumer, calls) in try scenario.run.outcome.calls.enumerated() {
            try ensure(
                calls.contains { $0.result == .failure },
                "C\(consumer + 1) ended with nil, never seeing the error: \(calls.map(\.description))")
        }
    }

    static func isElement(_ result: Call.Result) -> Bool {
        if case .element = result { return true }
        return false
    }

    @Test func failReachesEveryWaitingConsumer() async {
        await expectHolds(Self.failReachesTheConsumers, cases: 500)
    }

    /// Two consumers and no producer are the least case: whichever gets the error, the other gets nil.
    @Test func aSecondConsumerSeesNil() async throws {
        let caught = try #require(
            await expectCaught(Self.everyConsumerSeesTheFailure, cases: 500, as: ScheduledScenario<Plan, Log>.self))
        #expect(caught.value.plan.consumers == 2)
        #expect(caught.value.plan.producers.allSatisfy { $0 == 0 })
        #expect(caught.failure.contains("ended with nil, never seeing the error"))
    }
}
