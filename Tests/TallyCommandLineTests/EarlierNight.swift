import Foundation
import Tally
import TallyTables
import TallyTestSupport

@testable import TallyCommandLine

/// A whole earlier night in a report folder, written by Tally's own writers: every kind of file
/// `Scripts/nightly-fuzz.sh` leaves there — the fuzz's Markdown, JUnit and JSON, the mutation
/// analysis's Markdown and JSON, and the HTML report with its index, a page per table (one of a table
/// tonight's run does not have), the table copies under `tables/`, a page of properties and the page of
/// mutants.
enum EarlierNight {
    /// A console that keeps nothing.
    static let quiet = Console(out: { _ in }, err: { _ in })

    /// The fuzz's reports of the nightly, in `folder`.
    static func fuzzReports(in folder: String) -> [String] {
        ["summary.md", "junit.xml", "summary.json"].map { folder + "/" + $0 }
    }

    /// The mutation analysis's reports of the nightly, in `folder`.
    static func mutationReports(in folder: String) -> [String] {
        ["mutants.md", "mutants.json"].map { folder + "/" + $0 }
    }

    /// Writes the night into `reports` (created), its tables into `scratch`; returns each file it wrote,
    /// by path, with its contents (tonight's files name other properties, mutants and rows).
    static func plant(in reports: String, scratch: String) async throws -> [String: Data] {
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        try FuzzReports.write(
            fuzzReports(in: reports), outcomes: [FuzzPropertyOutcome(name: "toy/earlier", cases: 3, seconds: 1)],
            seed: 1, stoppedBy: nil, console: quiet)
        try MutationReports.write(
            mutationReports(in: reports), results: mutationResults(command: "swift run tally mutate --since earlier"),
            console: quiet)
        _ = ToySpec.write("id,available,charge,approved?\nearlier,$5.00,$1.00,yes\n", in: scratch)
        _ = ToySpec.write("scenario,deposit,balance?\nearlier,$1.00,$1.00\n", table: "deposits", in: scratch)
        let check = await tally(
            ["check", "--report", reports + "/index.html"], tables: scratch,
            properties: [Property("earlier", Gen.int(in: 0...9)) { _ in }], tableSuites: [ToySpec.suite])
        guard check.status == 0 else {
            throw PlantError(description: "the earlier night's check failed: \(check.out) \(check.err)")
        }
        let planted = files(in: reports)
        let kinds = [
            "index.html", "junit.xml", "mutants.html", "mutants.json", "mutants.md", "properties-toy.html",
            "summary.json", "summary.md",
            "table-toy-charges.html", "table-toy-deposits.html", "tables/table-toy-charges.csv",
            "tables/table-toy-deposits.csv",
        ]
        guard planted == kinds else {
            throw PlantError(description: "the earlier night wrote \(planted), not \(kinds)")
        }
        return Dictionary(
            uniqueKeysWithValues: try planted.map { name in
                (reports + "/" + name, try Data(contentsOf: URL(fileURLWithPath: reports + "/" + name)))
            })
    }

    /// A mutation analysis of one mutant, which survived; the run was stopped when `stopped`.
    static func mutationResults(command: String, stopped: Bool = false) -> MutationResults {
        let mutant = Mutant(
            id: 1, target: "Fares", file: "Sources/Fares/Fares.swift", line: 9, column: 16, kind: .relationalBoundary,
            original: ">=", mutated: ">", before: ["if age >= 65 {"], after: ["if age > 65 {"])
        var results = MutationResults(
            results: [.init(mutant: mutant, outcome: MutantOutcome(status: .survived), cached: false)],
            targets: ["Fares"],
            command: command, buildSeconds: 1, runSeconds: 1, wallSeconds: 2, mutantsRun: 1, jobs: 1)
        if stopped { results.stopped = "stopped by SIGINT" }
        return results
    }

    /// The files under `folder`, by their path from it, sorted; hidden ones aside.
    static func files(in folder: String) -> [String] {
        let names = FileManager.default.subpaths(atPath: folder) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.split(separator: "/").contains { $0.hasPrefix(".") }
                && FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    /// The files of `planted` still in place as they were: what the earlier night left.
    static func leftovers(of planted: [String: Data]) -> [String] {
        planted.filter { FileManager.default.contents(atPath: $0.key) == $0.value }.keys.sorted()
    }

    struct PlantError: Error, CustomStringConvertible {
        var description: String
    }
}
