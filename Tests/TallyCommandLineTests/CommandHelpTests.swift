import Foundation
import Tally
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// `--help` works for every command and subcommand, whatever else is on the line, and every flag is
/// checked before any work starts.
@Suite struct CommandHelpTests {
    /// Every command's help, asked three ways, even for commands whose required arguments are
    /// missing (`tally tables record --help` used to answer "missing PATH").
    @Test(arguments: TallyCommandLine.commands.map(\.words))
    func everyCommandHasHelp(words: [String]) async {
        await withTemporaryFolder { folder in
            for arguments in [words + ["--help"], words + ["-h"], ["help"] + words, words + ["--bogus", "--help"]] {
                let result = await tally(arguments, tables: folder)
                #expect(result.status == 0, "\(arguments): \(result.err)")
                #expect(result.out.hasPrefix("OVERVIEW: "), "\(arguments)")
                #expect(result.out.contains("USAGE: tally \(words.joined(separator: " "))"), "\(arguments)")
                #expect(result.err.isEmpty, "\(arguments)")
            }
        }
    }

    @Test func theToolAndTheTablesGroupHaveHelp() async {
        await withTemporaryFolder { folder in
            for arguments in [["--help"], ["-h"], ["help"], ["help", "help"]] {
                let result = await tally(arguments, tables: folder)
                #expect(result.status == 0 && result.out.hasPrefix("OVERVIEW: Tally checks"), "\(arguments)")
            }
            for arguments in [["tables", "--help"], ["tables", "-h"], ["tables", "help"], ["help", "tables"]] {
                let result = await tally(arguments, tables: folder)
                #expect(result.status == 0, "\(arguments)")
                #expect(result.out.contains("SUBCOMMANDS:\n  lint "), "\(arguments)")
            }
            // Every public command is listed in the tool's help.
            let usage = await tally(["--help"], tables: folder).out
            for (words, _) in TallyCommandLine.commands where !TallyCommandLine.internalCommands.contains(words[0]) {
                #expect(usage.contains("\n  \(words.joined(separator: " ")) "), "\(words) is missing from tally --help")
            }
        }
    }

    static let tableReports = ".xml (JUnit), .md (Markdown) or .html (the HTML report's index, such as DIR/index.html)"

    /// `--report out.txt` is refused before any work, naming the extensions the command accepts.
    @Test(arguments: [
        (["check"], Self.tableReports), (["tables", "run"], Self.tableReports),
        (["fuzz", "--cases", "1"], ".xml (JUnit), .md (Markdown) or .json (JSON)"),
        (["mutate"], ".md (Markdown), .json (JSON) or .xml (JUnit)"),
    ])
    func aReportOfUnknownKindIsRefusedAtOnce(command: [String], accepted: String) async throws {
        try await withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/toy", withIntermediateDirectories: true)
            try "available,charge,approved?,available after?\n$5,$1,yes,$4\n".write(
                toFile: folder + "/toy/charges.csv", atomically: true, encoding: .utf8)
            let property = Property("holds", Gen.int(in: 0...9)) { _ in }
            let result = await tally(
                command + ["--report", folder + "/out.txt"], tables: folder, properties: [property])
            #expect(result.status == 2)
            #expect(
                result.err.hasPrefix(
                    "tally \(command.prefix { !$0.hasPrefix("-") }.joined(separator: " ")): error: "
                        + "--report \(folder)/out.txt: the file name must end in \(accepted)\n"
                ))
            #expect(result.out.isEmpty, "nothing ran before the refusal")

            // A report that cannot be written, because its folder is a file, is refused at once too.
            let blocked = await tally(
                command + ["--report", folder + "/toy/charges.csv/report.md"], tables: folder, properties: [property])
            #expect(blocked.status == 2)
            #expect(
                blocked.err.contains(
                    "--report \(folder)/toy/charges.csv/report.md: \(folder)/toy/charges.csv is a file, not a folder"))
            #expect(blocked.out.isEmpty)
        }
    }

    @Test func fuzzSelectorsThatMatchNothingAreRefused() async {
        await withTemporaryFolder { folder in
            let property = Property("holds", Gen.int(in: 0...9)) { _ in }
            let spec = await tally(["fuzz", "--spec", "toys"], tables: folder, properties: [property])
            // The words check uses, with its "Did you mean", for --spec and --property alike.
            #expect(
                spec.status == 2
                    && spec.err.hasPrefix(
                        "tally fuzz: error: --spec \"toys\" names no spec in tally's catalog. Did you mean \"toy\"?\n")
            )
            let name = await tally(["fuzz", "--property", "hold"], tables: folder, properties: [property])
            #expect(
                name.status == 2
                    && name.err.hasPrefix(
                        "tally fuzz: error: --property \"hold\" names no property in tally's catalog. "
                            + "Did you mean \"toy/holds\"?"
                    ), "\(name.err)")
            let many = (1...13).map { number in Property("holds \(number)", Gen.int(in: 0...9)) { _ in } }
            let typo = await tally(["fuzz", "--property", "holds 12x"], tables: folder, properties: many)
            #expect(
                typo.status == 2
                    && typo.err.hasPrefix(
                        "tally fuzz: error: --property \"holds 12x\" names no property in tally's catalog. "
                            + "Did you mean \"toy/holds 12\""
                    ), "\(typo.err)")
            let shard = await tally(["fuzz", "--shard", "2/2"], tables: folder, properties: [property])
            #expect(
                shard.status == 2
                    && shard.err.hasPrefix(
                        "tally fuzz: error: --shard 2/2 is empty: there are only 1 properties to share among 2 shards\n"
                    ))
            let jobs = await tally(["fuzz", "--jobs", "0"], tables: folder, properties: [property])
            #expect(
                jobs.status == 2
                    && jobs.err.hasPrefix("tally fuzz: error: --jobs expects a whole number greater than 0, got '0'\n"))
        }
    }
}
