import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// A `TALLY_*` variable set for `swift test` means the same to every command that has its option:
/// `TALLY_SEED` is the seed of `tally fuzz` too. Before, `TALLY_SEED=0x10 tally fuzz` silently used
/// a random seed, `tally check` ignored `TALLY_CASE_TIMEOUT`, and `tally fuzz` `TALLY_PROPERTY`.
@Suite struct VariableOptionsTests {
    /// A value each variable's option refuses, so that a command that reads the variable says so.
    static let unusable = [
        "TALLY_SEED": "0xZZ", "TALLY_ITERATIONS": "zero", "TALLY_CASE_TIMEOUT": "soon",
        "TALLY_PROPERTY": "no such property", "TALLY_TAGS": "no such tag",
    ]
    /// Options of the same name that mean something else: `tally replay --property` names the property
    /// a libFuzzer input belongs to, not a selection.
    static let otherMeanings: Set<String> = ["replay --property"]

    /// Walks the documented variables: each one with an option, set to a value the option refuses, is
    /// refused by every documented command that has the option, in words that name the variable.
    @Test func everyVariableReachesEveryCommandWithItsOption() async throws {
        let variables = TallyVariables.all.filter { $0.option != nil }
        #expect(
            Set(variables.map(\.name)) == Set(Self.unusable.keys), "a value to try for each variable with an option")
        let documented = TallyCommandLine.commands.filter {
            !TallyCommandLine.internalCommands.contains($0.words.joined(separator: " "))
        }
        var tried = 0
        for (words, command) in documented {
            for variable in variables where command.description.options.contains(variable.option!) {
                let name = words.joined(separator: " ")
                guard !Self.otherMeanings.contains("\(name) \(variable.option!)") else { continue }
                let result = await withTemporaryFolder { folder in
                    _ = ToySpec.write(CommandLineTests.table, in: folder)
                    let required = name == "report" ? ["--html", folder + "/report"] : []
                    return await tally(
                        words + required, tables: folder, properties: [CheckSelectionTests.evens],
                        environment: ["TALLY_EXAMPLES": "off", variable.name: Self.unusable[variable.name]!])
                }
                tried += 1
                #expect(
                    result.status != 0 && (result.out + result.err).contains(variable.name),
                    """
                    \(name) with \(variable.name)=\(Self.unusable[variable.name]!): \
                    \(result.status)\n\(result.out)\n\(result.err)
                    """
                )
            }
        }
        #expect(tried >= 9, "check, fuzz, report and tables run have the options")
    }

    @Test func theFuzzTakesItsSeedFromTallySeed() async throws {
        let run = try await runTallyExecutable(
            ["fuzz", "--spec", "services", "--cases", "1"], environment: ["TALLY_SEED": "0x10"])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains(", seed 16, "), "\(run.out)")
        let given = try await runTallyExecutable(
            ["fuzz", "--spec", "services", "--cases", "1", "--seed", "5"], environment: ["TALLY_SEED": "0x10"])
        #expect(given.out.contains(", seed 5, "), "the option given wins: \(given.out)")
    }
}
