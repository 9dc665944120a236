import Foundation

/// What a fuzz worker is asked to do: search one property from `seed` for a time or case budget,
/// recording every case in the flight recorder at `flight`, then shrink a failure within its time.
/// `tally fuzz` gives it as `tally fuzz-worker` options, or, to a test binary, as ``FuzzWorker/variable``.
package struct FuzzWorkerOrder: Codable, Sendable, Equatable {
    /// ``ReplayToken/hash(of:)`` of the property to fuzz: the one property of a test that obeys.
    package var property: String
    package var seed: UInt64
    /// Cases to run; 0: until `until`.
    package var cases: Int
    package var flight: String
    /// The end of the search and of the whole run, in milliseconds since 1970 (0: none).
    package var until: Int64
    package var deadline: Int64
    /// The least time a failure found is shrunk for, in milliseconds.
    package var shrinkMilliseconds: Int64

    package init(
        property: String, seed: UInt64, cases: Int, flight: String, until: Int64, deadline: Int64,
        shrinkMilliseconds: Int64
    ) {
        self.property = property
        self.seed = seed
        self.cases = cases
        self.flight = flight
        self.until = until
        self.deadline = deadline
        self.shrinkMilliseconds = shrinkMilliseconds
    }
}

/// The fuzz worker's run, in `tally fuzz-worker` and in a test binary alike: the search in chunks, each
/// case in the flight recorder, a failure shrunk in process, every step reported as a ``FuzzMessage``.
package enum FuzzWorker {
    /// Cases per run of the property: small enough that a stop request or the end of the search is
    /// noticed within about a quarter of a second.
    static let chunkSeconds = 0.25

    /// Runs `order` on `property`, guarded: a case that kills this process, a shrink candidate too, is
    /// announced as it dies (``CaseInFlight``). The exit status: 1 when a failure was found.
    package static func run(_ property: Property, order: FuzzWorkerOrder, propertyIndex: Int = 0, link: SupervisorLink)
        async -> Int32
    {
        let recorder: FlightRecorder
        do {
            recorder = try FlightRecorder(path: order.flight)
        } catch {
            emit(
                FuzzMessage(kind: .gaveUp, cases: 0, failure: "the worker could not open its flight recorder: \(error)")
                    .line)
            return 0
        }
        recorder.propertyIndex = propertyIndex
        let until = date(order.until), deadline = date(order.deadline)
        let shrinkSeconds = Double(order.shrinkMilliseconds) / 1000
        let caseLimit = order.cases
        return await property.guarded(recorder: recorder, replay: CaseInFlight.announcement) { () async -> Int32 in
            var cases = 0
            var labels: [String: Int] = [:]
            var chunk: UInt64 = 0
            var chunkSize = 10
            // The first chunk runs even when the search time is already over: a property is never
            // reported as fuzzed after zero cases.
            while (caseLimit == 0 || cases < caseLimit) && link.stopReason == nil
                && (cases == 0 || until.map { Date() < $0 } ?? true)
            {
                var configuration = RunConfiguration()
                configuration.seed = order.seed &+ chunk &* 0x9E37_79B9_7F4A_7C15
                configuration.iterations = caseLimit == 0 ? chunkSize : min(chunkSize, caseLimit - cases)
                configuration.exampleDirectory = nil
                configuration.flightRecorder = recorder
                configuration.shrinks = false
                configuration.growsForCoverage = false
                chunk += 1
                let started = Date()
                let result = await property.check(configuration)
                cases += result.casesRun
                for (label, count) in result.labels.counts { labels[label, default: 0] += count }
                switch result.outcome {
                case .failed(let example):
                    emit(
                        FuzzMessage(
                            kind: .found, cases: cases, token: example.token.description, value: example.value,
                            failure: example.failure
                        ).line)
                    let shrinkEnd = min(
                        deadline ?? .distantFuture, max(until ?? .distantPast, Date().addingTimeInterval(shrinkSeconds))
                    )
                    emit(await shrunk(example, property, link: link, end: shrinkEnd, cases: cases, labels: labels).line)
                    return 1
                case .gaveUp(let reason) where !reason.hasPrefix("coverage:"):
                    emit(FuzzMessage(kind: .gaveUp, cases: cases, failure: reason, labels: labels).line)
                    return 0
                default:
                    emit(FuzzMessage(kind: .progress, cases: cases).line)
                }
                let rate = Double(result.casesRun) / max(Date().timeIntervalSince(started), 0.000_1)
                chunkSize = min(max(Int(rate * chunkSeconds), 10), 2_000)
            }
            emit(FuzzMessage(kind: .done, cases: cases, labels: labels).line)
            return 0
        }
    }

    /// A time given as milliseconds since 1970; `nil` for none or 0.
    private static func date(_ milliseconds: Int64) -> Date? {
        milliseconds > 0 ? Date(timeIntervalSince1970: Double(milliseconds) / 1000) : nil
    }

    /// The failure `example`, shrunk in-process until `end` or a stop request (the smallest failing case so
    /// far kept), as the message that reports it; meanwhile the supervisor hears that the worker is alive.
    private static func shrunk(
        _ example: Counterexample, _ property: Property, link: SupervisorLink, end: Date, cases: Int,
        labels: [String: Int]
    ) async -> FuzzMessage {
        var configuration = RunConfiguration()
        configuration.shrinkTimeLimit = .milliseconds(Int64(max(end.timeIntervalSinceNow, 0) * 1000) + 1)
        var lastSign = Date()
        // Shrinks as `swift test` does, with the generator's spans and shapes: the same counterexample.
        let outcome = await property.shrink(example.token.choices, configuration: configuration) {
            // The shrinker checks its own time only now and then; a stop or the end takes effect at once.
            if let reason = link.stopReason { return "stopped by \(reason)" }
            if Date() >= end { return "stopped at the time budget" }
            if Date().timeIntervalSince(lastSign) > 0.1 {
                emit(FuzzMessage(kind: .progress, cases: cases).line)
                lastSign = Date()
            }
            return nil
        }
        guard let outcome else {
            let flaky = example.failure + " (it passed when replayed: the property is flaky)"
            return FuzzMessage(
                kind: .failure, cases: cases, token: example.token.description, value: example.value,
                original: example.originalValue, failure: flaky, shrinkSteps: 0, labels: labels)
        }
        let token = ReplayToken(propertyID: property.id, choices: outcome.best).description
        return FuzzMessage(
            kind: .failure, cases: cases, token: token, value: property.describe(outcome.best),
            original: example.originalValue, failure: outcome.failure, shrinkSteps: outcome.steps,
            shrinkNote: outcome.interrupted.map { "shrinking \($0)" }, labels: labels)
    }
}
