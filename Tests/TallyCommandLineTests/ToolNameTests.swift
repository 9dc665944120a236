import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// A package's own tool, built on `TallyCommandLine.main`, names itself in every line it prints:
/// help, usage lines, error prefixes and the commands it suggests. Tally, the library, may still be
/// named in prose.
@Suite struct ToolNameTests {
    /// What the toy catalog, as the tool `shipping`, prints for `arguments`: standard output, then errors.
    static func shipping(_ arguments: [String], tables: String, properties: [Property] = []) async -> (
        status: Int32, output: String
    ) {
        let result = await tally(arguments, tables: tables, properties: properties, toolName: "shipping")
        return (result.status, [result.out, result.err].filter { !$0.isEmpty }.joined(separator: "\n"))
    }

    /// The lines of `output` that use `tally` as a command's name: `tally check`, `tally tables:`,
    /// `'tally …`, `tally's`.
    static func linesNamingTally(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            line.ranges(of: "tally").contains { range in
                let before = range.lowerBound == line.startIndex ? " " : line[line.index(before: range.lowerBound)]
                let after = range.upperBound == line.endIndex ? " " : line[range.upperBound]
                return " '`(\"".contains(before) && " :'".contains(after)
            }
        }
    }

    @Test func helpUsageAndErrorsNameTheToolAsTheUserRunsIt() async throws {
        try await withTemporaryFolder { folder in
            let path = ToySpec.write("id,available,charge,approved?\nfine,$5,$1,yes\nbad,$5,x,yes\n", in: folder)
            let broken = Property("halves", Gen.int(in: 0...1000)) { n in try ensure(n / 2 * 2 == n, "n is even") }
            var configuration = RunConfiguration()
            configuration.exampleDirectory = nil
            let token = try #require(await broken.check(configuration).counterexample?.token)
            var runs: [[String]] = [
                [], ["--help"], ["help", "fuzz"], ["tables"], ["tables", "--help"], ["tables", "frobnicate"],
                ["frobnicate"],
                ["check", "--bogus"], ["check", "--property", "halve"], ["check", "--iterations", "0"], ["check"],
                ["check", "--property", "halves"],
                ["tables", "run", "--colour"], ["tables", "run", folder + "/nosuch.csv"],
                ["tables", "run", path + ":99"], ["tables", "run", "--tag", "x"],
                ["tables", "lint", path], ["tables", "record"], ["tables", "record", path],
                ["fuzz", "--spec", "nosuch"], ["fuzz", "--jobs", "0"],
                ["replay"], ["replay", "nonsense"],
                ["replay", ReplayToken(propertyID: "gone", choices: [1]).description], ["replay", token.description],
                ["promote", token.description], ["promote", token.description, "--table", path],
                ["report"], ["report", "--html", folder + "/out.html"],
            ]
            runs += TallyCommandLine.commands.map { $0.words + ["--help"] }
            var statuses: Set<Int32> = []
            for arguments in runs {
                let result = await Self.shipping(arguments, tables: folder, properties: [broken])
                statuses.insert(result.status)
                #expect(
                    Self.linesNamingTally(result.output).isEmpty,
                    "shipping \(arguments.joined(separator: " ")) printed:\n\(result.output)")
                #expect(!result.output.isEmpty, "\(arguments)")
            }
            #expect(statuses == [0, 1, 2], "the runs cover success, failures and usage errors")
            let usage = await Self.shipping(["check", "--bogus"], tables: folder)
            #expect(
                usage.output
                    == "shipping check: error: unknown option '--bogus'\nUsage: "
                    + "shipping check [--spec NAME] [--property NAME] [--iterations N] [--seed N] [--case-timeout "
                    + "T] [--report FILE]\nSee 'shipping check --help'."
            )
            let replay = await Self.shipping(["check", "--property", "halves"], tables: folder, properties: [broken])
            #expect(replay.output.contains("Replay: swift run shipping replay "))
        }
    }

    /// The test above can fail: its detector finds `tally` used as a command's name, and only that.
    @Test func theDetectorFindsTallyAsACommandNameButNotInProse() {
        #expect(
            Self.linesNamingTally("tally tables: error: x\nsee 'tally check --help'\nin tally's catalog\nUsage: tally")
                .count == 4)
        #expect(
            Self.linesNamingTally(
                "OVERVIEW: Tally checks\n/tmp/tally-test-1/toy/charges.csv\nTALLY_PROPERTY=x\n.tally/examples"
            ).isEmpty)
    }
}
