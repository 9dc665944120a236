import ClaimsSpec
import Tally
import Testing

/// Each planted arrival bug is caught by its invariant under the default budget and shrinks to the
/// small arrival sequence asserted here.
@Suite struct ArrivalMutantTests {
    @Test func claimNumberOrderIsCaughtByALateClaim() async throws {
        let example = try await ClaimsMutantTests.counterexample(ArrivalMutants.claimNumberOrder, "any arrival order ends as date-of-service order")
        #expect(example.value == """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; out of network: deductible $0.00/$0.00, coinsurance 5%, OOP max $1.00/$2.00
            1. claim c01: ann 2026-01-02 primary care out of network allowed $1.00 from p1
            2. claim c02: ann 2026-01-01 primary care out of network allowed $20.00 from p2
            """)
        #expect(example.failure.hasPrefix("claim c01: the patient pays $0.05 after the arrivals, $0.00 in date-of-service order"))
    }

    @Test func aVoidThatDoesNotReadjudicateIsCaught() async throws {
        let example = try await ClaimsMutantTests.counterexample(ArrivalMutants.voidWithoutReadjudication, "voiding the last claim restores the year before it")
        #expect(example.value == """
            plan 2026 self-only; in network: deductible $1.00/$2.00, coinsurance 0%, OOP max $1.00/$2.00; no out-of-network coverage
            1. claim c01: ann 2026-01-02 primary care in network allowed $1.00 from p1
            2. claim c99: ann 2026-01-01 primary care in network allowed $1.00 from p99
            3. void c99
            """)
        #expect(example.failure.hasPrefix("claim c01: the patient pays $0.00 after claim c99 and its void, $1.00 before it"))
    }

    @Test func adjustmentsOfOneMemberOnlyAreCaughtInAFamily() async throws {
        let example = try await ClaimsMutantTests.counterexample(ArrivalMutants.adjustmentsOfTheMemberOnly, "adjustments account for every change")
        #expect(example.value == """
            plan 2026 family (aggregate); in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; out of network: deductible $1.00/$2.00, coinsurance 0%, OOP max $2.00/$4.00
            1. claim c01: ann 2026-01-02 primary care out of network allowed $1.00 from p1
            2. claim c02: ben 2026-01-01 primary care out of network allowed $2.00 from p2
            """)
        #expect(example.failure.hasPrefix("claims adjusted by claim c02 == claims it changed: got [], expected [\"c01\"]"))
    }

    @Test func theSameServiceUnderANewIDIsCaught() async throws {
        let example = try await ClaimsMutantTests.counterexample(ArrivalMutants.duplicatesByIDOnly, "nothing is posted twice")
        #expect(example.value == """
            plan 2026 self-only; in network: deductible $0.00/$0.00, coinsurance 0%, OOP max $0.00/$0.00; no out-of-network coverage
            1. claim c01: ann 2026-01-01 primary care in network allowed $0.00 from p1
            2. claim d1: ann 2026-01-01 primary care in network allowed $0.00 from p1
            """)
        #expect(example.failure.hasPrefix("claim d1 resends claim c01 but was posted"))
    }
}
