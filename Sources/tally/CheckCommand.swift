import Foundation
import Tally

/// `tally check`: every table and every property at default settings, with one readable summary.
enum CheckCommand: TallyCommand {
    static let description = CommandDescription(
        name: "check",
        summary: "Run every requirement table and every property at default settings.",
        usage: "tally check [--iterations N] [--seed N]",
        details: """
            OPTIONS:
              --iterations N   Cases per property (default 100, or TALLY_ITERATIONS)
              --seed N         One seed for every property (default: each derives its own)
              --help           Show this help

            Exit status: 0 when everything passes, 1 when anything fails, 2 on a usage error.
            """,
        options: ["--iterations", "--seed"])

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        var configuration = try RunConfiguration.fromEnvironment()
        if let iterations = try arguments.positiveInteger("--iterations", command: description) {
            configuration.iterations = iterations
        }
        if let text = arguments.value("--seed") {
            guard let seed = UInt64(text) else {
                throw UsageError(command: description, "--seed expects an unsigned 64-bit integer, got '\(text)'")
            }
            configuration.seed = seed
        }
        let properties = Catalog.properties
        print("Properties (\(properties.count)):")
        var passed = 0, failed = 0
        var reports: [String] = []
        for (suite, property) in properties {
            let result = await property.check(configuration)
            let name = "\(suite)/\(property.id)"
            if result.passed {
                passed += 1
                print("  ✔ \(name)  \(result.casesRun) cases, \(result.duration.milliseconds) ms")
            } else {
                failed += 1
                print("  ✘ \(name)")
                reports.append(result.failureReport(replayCommand: "swift run tally replay") ?? "")
            }
        }
        if !reports.isEmpty {
            print("\nFailures:\n")
            print(reports.joined(separator: "\n\n"))
        }
        print("\nProperties: \(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}
