import Foundation
import Tally
import TallyTestSupport
import Testing

/// `--seed` and `TALLY_SEED` read seeds through one parser: the same text is accepted by both, or by
/// neither.
@Suite struct SeedTextTests {
    @Test func decimalAndHexadecimalSeeds() {
        #expect(SeedText.parse("42") == 42)
        #expect(SeedText.parse("0x2a") == 42)
        #expect(SeedText.parse("0X2A") == 42)
        #expect(SeedText.parse("18446744073709551615") == .max)
        #expect(SeedText.parse("0xffffffffffffffff") == .max)
        for text in ["", "0x", "+42", "-1", " 42", "42 ", "0xZZ", "2a", "18446744073709551616", "0x1_0", "4.2"] {
            #expect(SeedText.parse(text) == nil, "\(text)")
        }
    }

    /// Before, `--seed 0x2a` was refused while `TALLY_SEED=0x2a` was accepted, and `TALLY_SEED=+42` was
    /// accepted while `--seed +42` was not.
    @Test(arguments: ["42", "0x2a", "0X2A", "+42", "-1", "0xZZ", "", "99999999999999999999"])
    func theOptionAndTheVariableAgree(text: String) async {
        await withTemporaryFolder { folder in
            let variable = try? RunConfiguration.fromEnvironment(["TALLY_SEED": text])
            // No table is declared, so that the empty folder is no failure: only the seed is checked.
            let option = await tally(["check", "--seed", text, "--iterations", "1"], tables: folder, tableSuites: [])
            #expect(
                (variable != nil) == (option.status == 0),
                "TALLY_SEED=\(text) and --seed \(text) disagree: \(option.err)")
            if let variable { #expect(variable.seed == SeedText.parse(text)) }
            let fuzz = await tally(["fuzz", "--seed", text, "--property", "nothing"], tables: folder)
            #expect(
                fuzz.err.hasPrefix("tally fuzz: error: --seed") == (variable == nil),
                "tally fuzz --seed \(text): \(fuzz.err)")
            // One message for one mistake, whichever command was given it.
            if variable == nil {
                #expect(
                    option.err.components(separatedBy: "\n").first
                        == "tally check: error: --seed expects \(SeedText.expectation), got '\(text)'")
                #expect(
                    fuzz.err.components(separatedBy: "\n").first
                        == "tally fuzz: error: --seed expects \(SeedText.expectation), got '\(text)'")
            }
        }
    }
}
