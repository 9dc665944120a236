import Testing
@testable import Tally

@Suite struct ReplayTokenTests {
    @Test(arguments: [[], [0], [1, 2, 3], [127, 128, 16_383, 16_384], [UInt64.max, 0, .max]] as [[UInt64]])
    func tokensRoundTrip(choices: [UInt64]) throws {
        let token = ReplayToken(propertyID: "claims/oop", choices: ChoiceSequence(choices))
        let parsed = try ReplayToken(parsing: token.description)
        #expect(parsed == token)
        #expect(parsed.belongs(to: "claims/oop"))
        #expect(!parsed.belongs(to: "claims/deductible"))
    }

    @Test func badTokensSayWhatIsWrong() {
        #expect(throws: ReplayTokenError.self) { try ReplayToken(parsing: "nodot") }
        do {
            _ = try ReplayToken(parsing: "xyz.AAA")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "invalid replay token \"xyz.AAA\": the part before \".\" must be 8 hexadecimal digits, found \"xyz\"")
        }
        do {
            _ = try ReplayToken(parsing: "0123abcd.!!")
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "the part after \".\" is not base64url (A–Z a–z 0–9 - _)")
        }
        do {
            _ = try ReplayToken(parsing: "0123abcd.gA")  // 0x80: a varint that never ends
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == "the choices end in the middle of a number: the token was cut short")
        }
    }

    @Test func shortlexOrderPrefersShorterThenSmaller() {
        #expect(ChoiceSequence([9, 9]) < ChoiceSequence([0, 0, 0]))
        #expect(ChoiceSequence([0, 5]) < ChoiceSequence([1, 0]))
        #expect(!(ChoiceSequence([1, 2]) < ChoiceSequence([1, 2])))
    }

    @Test func configurationReadsTheEnvironmentAndRejectsBadValues() throws {
        let configuration = try RunConfiguration.fromEnvironment([
            "TALLY_SEED": "0x10", "TALLY_ITERATIONS": "250", "TALLY_STATS": "1", "TALLY_EXAMPLES": "off",
        ])
        #expect(configuration.seed == 16)
        #expect(configuration.iterations == 250)
        #expect(configuration.printsStatistics)
        #expect(configuration.exampleDirectory == nil)
        #expect(throws: ConfigurationError.self) { try RunConfiguration.fromEnvironment(["TALLY_ITERATIONS": "lots"]) }
        do {
            _ = try RunConfiguration.fromEnvironment(["TALLY_REPLAY": "oops"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "TALLY_REPLAY=\"oops\": expected expected <8 hex digits>.<base64url choices>")
        }
    }
}
