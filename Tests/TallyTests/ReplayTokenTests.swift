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

    @Test func badTokensAreRefusedAsDamagedSayingHowToGetAGoodOne() throws {
        for (text, reason) in [
            ("nodot", "it does not start with 8 hexadecimal digits and a \".\""),
            ("xyz.AAA", "it does not start with 8 hexadecimal digits and a \".\""),
            ("0123abcd.!!", "after the \".\" it holds characters other than A–Z a–z 0–9 - _"),
            ("0123abcd.AQJ", "it ends where no token can end"),
            ("0123abcd.AA", "it is too short to hold its checksum"),
        ] {
            #expect(throws: ReplayTokenError(token: text, reason: reason)) { try ReplayToken(parsing: text) }
        }
        let error = try #require(throws: ReplayTokenError.self) { try ReplayToken(parsing: "0123abcd.AAAAAAAA") }
        #expect(
            error.description == """
                this replay token is damaged (its checksum does not match): \
                it was cut short or edited. Copy the whole token \
                from the "Replay:" line of the failure report, or run the failing test again to print a fresh one. \
                The token given was "0123abcd.AAAAAAAA".
                """)
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
        let stats = try #require(throws: ConfigurationError.self) {
            try RunConfiguration.fromEnvironment(["TALLY_STATS": "banana"])
        }
        #expect(stats.description.hasPrefix("TALLY_STATS=\"banana\": expected 1 to print"), "\(stats)")
        #expect(try !RunConfiguration.fromEnvironment(["TALLY_STATS": "0"]).printsStatistics)
        let error = try #require(throws: ConfigurationError.self) {
            try RunConfiguration.fromEnvironment(["TALLY_REPLAY": "oops"])
        }
        #expect(
            error.description.hasPrefix(
                "TALLY_REPLAY=\"oops\": this replay token is damaged (it does not start with 8 hexadecimal digits"))
    }
}
