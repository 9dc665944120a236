import CardAuthorizationSpec
import Tally
import Testing

/// Each planted bug is caught by the state machine under the default budget and shrinks to a sequence
/// of at most four commands, asserted here with the model's state after each.
@Suite struct CardMutantTests {
    static func counterexample(_ bug: MutantAccount.Bug) async throws -> Counterexample {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let result = await CardAuthorizationSpec.stateMachine { MutantAccount.system(bug) }.property.check(
            configuration)
        return try #require(result.counterexample, "the state machine did not catch \(bug.rawValue)")
    }

    @Test func comparingAgainstPostedInsteadOfAvailable() async throws {
        let example = try await Self.counterexample(.comparesPostedBalance)
        #expect(
            example.value == """
                start: day 1, posted $0.00, available $0.00
                1. deposit($0.01)  →  day 1, posted $0.01, available $0.01
                2. authorize($0.01)  →  day 1, posted $0.01, available $0.00, h1 $0.01 pending
                3. authorize($0.01)  →  day 1, posted $0.01, available $0.00, h1 $0.01 pending
                """)
        #expect(
            example.failure.hasPrefix(
                "step 3, authorize($0.01): authorization of $0.01: got .approved(holdID: \"h2\"), "
                    + "expected .declined(.insufficientFunds)"
            ))
    }

    /// The least program: a cent deposited and held, the hold finished (captured or released: both are one
    /// step, and which the shrinker keeps is not the point), then released again.
    @Test func releasingAHoldTwice() async throws {
        let example = try await Self.counterexample(.releasesTwice)
        let steps = example.value.split(separator: "\n").dropFirst().map(String.init)
        #expect(steps.count == 4, "\(example.value)")
        #expect(steps.first?.hasPrefix("1. deposit($0.01)") == true, "\(example.value)")
        #expect(steps.dropFirst().first?.hasPrefix("2. authorize($0.01)") == true, "\(example.value)")
        let settlement = steps.dropFirst(2).first ?? ""
        #expect(
            settlement.hasPrefix("3. capture(\"h1\", $0.01)") || settlement.hasPrefix("3. release(\"h1\")"),
            "\(example.value)")
        #expect(
            steps.last?.hasPrefix("4. settle a finished hold again((\"h1\", false))") == true, "\(example.value)")
        #expect(
            example.failure.hasPrefix(
                "step 4, settle a finished hold again((\"h1\", false)): releasing h1 again was accepted"))
    }

    @Test func partialCaptureNotReleasingTheRest() async throws {
        let example = try await Self.counterexample(.partialCaptureKeepsRest)
        #expect(
            example.value == """
                start: day 1, posted $0.00, available $0.00
                1. deposit($0.02)  →  day 1, posted $0.02, available $0.02
                2. authorize($0.02)  →  day 1, posted $0.02, available $0.00, h1 $0.02 pending
                3. capture("h1", $0.01)  →  day 1, posted $0.01, available $0.01, h1 $0.02 captured
                """)
        #expect(example.failure.contains("got Snapshot(posted: 1, available: 0"))
    }

    @Test func missingIdempotency() async throws {
        let example = try await Self.counterexample(.noIdempotency)
        #expect(
            example.value == """
                start: day 1, posted $0.00, available $0.00
                1. deposit($0.01)  →  day 1, posted $0.01, available $0.01
                2. retry(.credit(id: "r1", amount: 1))  →  day 1, posted $0.01, available $0.01
                """)
        #expect(example.failure.contains("got Snapshot(posted: 2, available: 2"))
    }

    @Test func expiryOffByOneDay() async throws {
        let example = try await Self.counterexample(.expiryOffByOneDay)
        #expect(
            example.value == """
                start: day 1, posted $0.00, available $0.00
                1. deposit($0.01)  →  day 1, posted $0.01, available $0.01
                2. authorize($0.01)  →  day 1, posted $0.01, available $0.00, h1 $0.01 pending
                3. advance days(7)  →  day 8, posted $0.01, available $0.01, h1 $0.01 expired
                """)
        #expect(example.failure.contains("holds: [\"h1\": .pending]"))
    }

    /// Before, the retry step dropped what the system threw: a retried settlement refused left the
    /// account as it was, and the bug passed. (It shrinks to a release or a capture by the first failure
    /// found; both are four steps.)
    @Test func aRetriedSettlementRefused() async throws {
        let example = try await Self.counterexample(.settlementRetryRefused)
        let steps = example.value.split(separator: "\n").dropFirst()
        #expect(steps.count == 4, "\(example.value)")
        #expect(steps.first == "1. deposit($0.01)  →  day 1, posted $0.01, available $0.01")
        #expect(
            steps.dropFirst().first == "2. authorize($0.01)  →  day 1, posted $0.01, available $0.00, h1 $0.01 pending")
        // Step 3 settles the hold, by a release or a capture; step 4 retries that settlement and is refused.
        let settlement = example.value.contains("3. release(") ? ("release", "released") : ("capture", "captured")
        #expect(steps.dropFirst(2).first?.hasPrefix("3. \(settlement.0)(\"h1\"") == true, "\(example.value)")
        #expect(
            example.failure.hasPrefix("step 4, retry(.\(settlement.0)(id: \"r3\", hold: \"h1\"")
                && example.failure.contains("threw hold h1 is already \(settlement.1)"), "\(example.failure)")
    }

    @Test(arguments: UInt64(1)...12)
    func neighbouringDaysAreMergedIntoOneStep(seed: UInt64) async {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.seed = seed
        let result = await CardAuthorizationSpec.stateMachine { MutantAccount.system(.expiryOffByOneDay) }.property
            .check(configuration)
        guard let example = result.counterexample else { return }
        let steps = example.value.split(separator: "\n")
        #expect(
            !zip(steps, steps.dropFirst()).contains { $0.contains("advance days") && $1.contains("advance days") },
            "\(example.value)")
        #expect(steps.count <= 6, "\(example.value)")
    }

    @Test func counterexamplesReplayFromTheirTokens() async throws {
        let example = try await Self.counterexample(.noIdempotency)
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        configuration.replay = example.token
        let replayed = await CardAuthorizationSpec.stateMachine { MutantAccount.system(.noIdempotency) }.property.check(
            configuration)
        #expect(replayed.counterexample?.value == example.value)
        #expect(replayed.casesRun == 1)
    }
}
