import CardAuthorization
import CardAuthorizationSpec
import Tally
import Testing

/// The card service under concurrent requests: the live service holds under every interleaving the
/// scheduler explores, and each planted reentrancy bug is caught, shrunk and replayed exactly.
@Suite struct CardConcurrencyTests {
    static var configuration: RunConfiguration {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        return configuration
    }

    static func counterexample(_ bug: ConcurrencyMutant.Bug) async throws -> Counterexample {
        let result = await CardAuthorizationSpec.concurrentMachine(ConcurrencyMutant.system(bug)).property.check(
            Self.configuration)
        return try #require(result.counterexample, "the concurrent machine did not catch \(bug.rawValue)")
    }

    @Test func readingTheBalanceBeforeTheAwaitShrinksToTwoClientsWithOneChargeEach() async throws {
        let example = try await Self.counterexample(.readsBalanceBeforeAwait)
        #expect(
            example.value.hasPrefix(
                """
                start: posted $50.00, available $50.00
                then at once:
                   client 1                  client 2
                1. ▶ authorize(a1, $50.00)
                2.                           ▶ authorize(a2, $50.00)
                3. ◀ approved h1
                4.                           ◀ approved h2
                schedule: T1
                """), "\(example.value)")
        #expect(
            example.failure.hasPrefix(
                """
                no order of the concurrent calls explains their responses (each call may come only after the calls \
                that finished before it started). Closest: after client 1: authorize(a1, $50.00) → approved h1, \
                client 2: authorize(a2, $50.00) answered approved h2; the model expects declined: insufficient funds
                """), "\(example.failure)")
    }

    @Test func theDoubleSpendReplaysExactlyFromItsToken() async throws {
        let example = try await Self.counterexample(.readsBalanceBeforeAwait)
        var replaying = Self.configuration
        replaying.replay = example.token
        let machine = CardAuthorizationSpec.concurrentMachine(ConcurrencyMutant.system(.readsBalanceBeforeAwait))
        for _ in 0..<100 {
            let again = try #require(await machine.property.check(replaying).counterexample)
            #expect(again.value == example.value)
            #expect(again.failure == example.failure)
        }
    }

    @Test func settlingAfterTheLedgerWriteCapturesAHoldTwice() async throws {
        let example = try await Self.counterexample(.settlesAfterLedgerWrite)
        // Two captures of the one hold at once, whether it was authorized before them or by both clients
        // under one id: which follows from the case the search met first.
        let captures = example.value.split(separator: "\n").filter { $0.contains("▶ capture(") && $0.contains("h1") }
        #expect(captures.count == 2, "\(example.value)")
        #expect(example.value.hasPrefix("start: posted $50.00, available $50.00\n"), "\(example.value)")
        #expect(
            example.failure.contains("answered done; the model expects refused: hold h1 is already"),
            "\(example.failure)")
    }

    @Test func forgettingRequestsInFlightMishandlesARetryThatArrivesMeanwhile() async throws {
        let example = try await Self.counterexample(.forgetsRequestsInFlight)
        // Shrunk to one request sent twice at once, under one id: a retry arriving while the first waits.
        let calls = example.value.split(separator: "\n").filter { $0.contains("▶") }.map { $0.drop { $0 != "▶" } }
        #expect(calls.count == 2 && calls[0] == calls[1], "\(example.value)")
        #expect(example.value.hasPrefix("start: posted $50.00, available $50.00\nthen at once:"), "\(example.value)")
    }

    /// The example, on the live service: two charges of $30 on $50 at once, exactly one approved,
    /// whatever the interleaving.
    static let twoChargesAtOnce = Gen.interleaving { () async -> [Account.AuthorizationResult] in
        let doubles = CardDoubles()
        let service = CardAuthorizationService(
            account: Account(posted: Balance(cents: 5_000)), risk: doubles.risk, ledger: doubles.ledger)
        async let first = try? service.authorize("r1", amount: Amount(cents: 3_000), day: 1)
        async let second = try? service.authorize("r2", amount: Amount(cents: 3_000), day: 1)
        return await [first, second].compactMap { $0 }
    }

    @Test(.propertySettings(savesFailures: false)) func twoChargesOfThirtyOnFiftyAtOnceApproveExactlyOne() async {
        let property = Property("two $30 charges on $50 at once", Self.twoChargesAtOnce) { run in
            let results = try run.outcome
            try ensureEqual(results.count, 2, "answers")
            try ensureEqual(
                results.filter { if case .approved = $0 { true } else { false } }.count, 1, "charges approved")
        }
        await property.verify()
    }

    @Test(.propertySettings(savesFailures: false))
    func aRetryArrivingWhileTheFirstAttemptWaitsGetsItsAnswerAndHoldsOnce() async {
        let retried = Gen.interleaving {
            () async -> (answers: [Account.AuthorizationResult?], holds: Int, ledger: [LedgerEntry]) in
            let doubles = CardDoubles()
            let service = CardAuthorizationService(
                account: Account(posted: Balance(cents: 5_000)), risk: doubles.risk, ledger: doubles.ledger)
            async let first = try? service.authorize("r1", amount: Amount(cents: 3_000), day: 1)
            async let retry = try? service.authorize("r1", amount: Amount(cents: 3_000), day: 1)
            let answers = await [first, retry]
            return (answers, await service.snapshot.pendingHolds.count, await doubles.entries)
        }
        let property = Property("a retry in flight", retried) { run in
            let outcome = try run.outcome
            try ensureEqual(outcome.answers[0], .approved(holdID: "h1"), "the first answer")
            try ensureEqual(outcome.answers[1], outcome.answers[0], "the retry's answer")
            try ensureEqual(outcome.holds, 1, "holds placed")
            try ensureEqual(outcome.ledger, [.hold("h1", try Amount(cents: 3_000))], "the ledger")
        }
        await property.verify()
    }
}
