import Testing

@testable import Tally

/// `assume` discards a case from inside the body: counted like a filter's rejection, with the same
/// "too many discarded" check, and treated as passing while shrinking.
@Suite struct AssumeTests {
    @Test func discardedCasesAreCountedAndNotRun() async {
        let property = Property("odd only", Gen.int(in: 0...1000)) { n in
            try assume(n % 2 == 1, "odd")
            try ensure(n % 2 == 1, "only odd numbers reach here")
        }
        let result = await property.check(PropertyTests.configuration(seed: 3))
        #expect(result.passed)
        #expect(result.casesRun == 100)
        #expect(result.casesDiscarded > 20, "about half the cases are even")
        #expect(result.evaluations == result.casesRun + result.casesDiscarded, "a discarded case ran the body once")
    }

    @Test func tooManyDiscardsGivesUpNamingTheAssumeCall() async {
        let property = Property("never", Gen.int(in: 0...10)) { n in
            try assume(n > 10, "above ten")
        }
        let result = await property.check(PropertyTests.configuration(seed: 3))
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the run to give up, got \(result.outcome)")
            return
        }
        #expect(
            reason.hasPrefix(
                "gave up after discarding 1001 cases, more than the 1000 allowed (10 for each of the 100 cases "
                    + "asked for), with 0 valid; "
                    + "the last one: assume \"above ten\" at TallyTests/AssumeTests.swift:"))
    }

    @Test func theShrinkerTreatsADiscardedCaseAsPassing() async throws {
        // Without the assumption the minimum would be (0, 0); with it, the divisor cannot be 0.
        let property = Property("division", Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))) { a, b in
            try assume(b != 0, "a divisor")
            try ensure(a / b < 3, "a / b < 3")
        }
        let example = try #require(await property.check(PropertyTests.configuration(seed: 3)).counterexample)
        #expect(example.value == "(3, 1)")
    }

    @Test(.propertiesUnchosen) func assumeWorksInsideForAll() async {
        var runs = 0
        await forAll(Gen.int(in: 0...100), name: "assume in forAll") { n in
            runs += 1
            try assume(n >= 50)
            #expect(n >= 50)
        }
        #expect(runs > casesPerProperty(), "discarded cases do not count toward the cases asked for")
    }
}
