import Foundation
import Synchronization
import Tally
import TallyTables
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// Every file in a report folder belongs to the run that wrote it: the nightly's steps — fuzz, mutate,
/// then the HTML report, all into one folder — each remove what an earlier run wrote at their step or
/// later before they work, so a run stopped at any step leaves no page, table copy or JSON of an
/// earlier night; files Tally did not write stay. Before, a nightly stopped during the fuzz left the
/// earlier night's pages, table copies and mutation page beside tonight's summary.
@Suite struct ReportFolderTests {
    /// The fuzz, stopped by SIGINT: the folder holds its three reports, and the user's file.
    @Test func aFuzzStoppedLeavesOnlyItsOwnReportsBesideTheUsersFiles() async throws {
        try await withTemporaryFolder { folder in
            let reports = folder + "/reports"
            let planted = try await EarlierNight.plant(in: reports, scratch: folder + "/scratch")
            try "mine\n".write(toFile: reports + "/notes.txt", atomically: true, encoding: .utf8)
            let tally = try WatchedProcess(
                ["fuzz", "--spec", "planted", "--property", "planted control", "--time", "60s"]
                    + ["summary.md", "junit.xml", "summary.json"].flatMap { ["--report", "reports/" + $0] }, in: folder)
            defer { tally.stop() }
            _ = try #require(
                await tally.stop(by: SIGINT, once: { tally.child("fuzz-worker") }, after: 0.5),
                "\(tally.standardOutput)")
            #expect(tally.status == 130, "\(tally.standardOutput) \(tally.standardError)")
            #expect(
                tally.standardError.contains("Removed 12 files an earlier run wrote in reports/"),
                "\(tally.standardError)")
            #expect(EarlierNight.files(in: reports) == ["junit.xml", "notes.txt", "summary.json", "summary.md"])
            #expect(EarlierNight.leftovers(of: planted).isEmpty)
            #expect(try String(contentsOfFile: reports + "/summary.md", encoding: .utf8).contains("stopped by SIGINT"))
            #expect(try String(contentsOfFile: reports + "/notes.txt", encoding: .utf8) == "mine\n")
        }
    }

    /// The mutation analysis, stopped: the fuzz's reports, of a step before it, stay; the earlier
    /// mutation reports and every page of the HTML report that showed them go.
    @Test func aMutationAnalysisStoppedLeavesItsReportsBesideTheFuzzs() async throws {
        try await withTemporaryFolder { folder in
            let reports = folder + "/reports"
            let planted = try await EarlierNight.plant(in: reports, scratch: folder + "/scratch")
            try ReportFolder.clearEarlierRuns(
                for: EarlierNight.mutationReports(in: reports), from: .mutation, console: EarlierNight.quiet)
            try MutationReports.write(
                EarlierNight.mutationReports(in: reports),
                results: EarlierNight.mutationResults(
                    command: "swift run tally mutate --since tonight", stopped: true), console: EarlierNight.quiet)
            #expect(
                EarlierNight.files(in: reports) == [
                    "junit.xml", "mutants.json", "mutants.md", "summary.json", "summary.md",
                ])
            #expect(EarlierNight.leftovers(of: planted) == EarlierNight.fuzzReports(in: reports).sorted())
        }
    }

    /// The HTML report over an earlier one: while it checks — where a stop would leave the folder — no
    /// page or table copy of the earlier report is there, only the fuzz and mutation results it shows;
    /// at its end, its own pages are, and not the page and table copy of a table it does not have. A
    /// user's file in `tables/` stays, and so does the folder.
    @Test func theHTMLReportNeverStandsBesideAnEarlierReportsPages() async throws {
        try await withTemporaryFolder { folder in
            let reports = folder + "/reports"
            let planted = try await EarlierNight.plant(in: reports, scratch: folder + "/scratch")
            try "mine\n".write(toFile: reports + "/tables/mine.csv", atomically: true, encoding: .utf8)
            // Other mutation results than the earlier page shows: tonight's page of them is another page.
            try MutationReports.write(
                [reports + "/mutants.json"],
                results: EarlierNight.mutationResults(command: "swift run tally mutate --since tonight"),
                console: EarlierNight.quiet)
            let tables = folder + "/tonight"
            _ = ToySpec.write("id,available,charge,approved?\ntonight,$9.00,$1.00,yes\n", in: tables)
            let whileChecking = Mutex<[String]?>(nil)
            let looks = Property("looks at the folder", Gen.int(in: 0...9)) { _ in
                whileChecking.withLock { seen in if seen == nil { seen = EarlierNight.files(in: reports) } }
            }
            let result = await tally(["report", "--html", reports], tables: tables, properties: [looks])
            #expect(result.status == 0, "\(result.out) \(result.err)")
            #expect(result.err.contains("Removed 7 files an earlier run wrote in \(reports)/"), "\(result.err)")
            let inputs = ["junit.xml", "mutants.json", "mutants.md", "summary.json", "summary.md"]
            #expect(whileChecking.withLock { $0 } == inputs + ["tables/mine.csv"])
            #expect(
                EarlierNight.files(in: reports) == [
                    "index.html", "junit.xml", "mutants.html", "mutants.json", "mutants.md", "properties-toy.html",
                    "summary.json", "summary.md", "table-toy-charges.html", "tables/mine.csv",
                    "tables/table-toy-charges.csv",
                ])
            #expect(
                EarlierNight.leftovers(of: planted) == inputs.filter { $0 != "mutants.json" }.map { reports + "/" + $0 }
            )
        }
    }

    /// The nightly's steps in order, the last one stopped as it starts: only tonight's files.
    @Test func theNightlysStepsLeaveOnlyTonightsFiles() async throws {
        try await withTemporaryFolder { folder in
            let reports = folder + "/reports"
            let planted = try await EarlierNight.plant(in: reports, scratch: folder + "/scratch")
            try ReportFolder.clearEarlierRuns(
                for: EarlierNight.fuzzReports(in: reports), from: .fuzz, console: EarlierNight.quiet)
            try FuzzReports.write(
                EarlierNight.fuzzReports(in: reports),
                outcomes: [FuzzPropertyOutcome(name: "toy/tonight", cases: 5, seconds: 1)],
                seed: 2, stoppedBy: nil, console: EarlierNight.quiet)
            try ReportFolder.clearEarlierRuns(
                for: EarlierNight.mutationReports(in: reports), from: .mutation, console: EarlierNight.quiet)
            try MutationReports.write(
                EarlierNight.mutationReports(in: reports),
                results: EarlierNight.mutationResults(
                    command: "swift run tally mutate --since tonight"), console: EarlierNight.quiet)
            try ReportFolder.clearEarlierRuns(for: [reports + "/index.html"], from: .check, console: EarlierNight.quiet)
            #expect(
                EarlierNight.files(in: reports) == [
                    "junit.xml", "mutants.json", "mutants.md", "summary.json", "summary.md",
                ])
            #expect(EarlierNight.leftovers(of: planted).isEmpty)
        }
    }

    /// A file Tally did not write is never removed, even one named as Tally's reports are; the
    /// folder's other folders and hidden files stay too.
    @Test func onlyFilesCarryingTallysMarkerAreRemoved() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/tables", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/html", withIntermediateDirectories: true)
            let mine = [
                "summary.md": "# My summary\n", "index.html": "<html>mine</html>\n",
                "mutants.json": "{\"mutants\": []}\n",
                "table-x.html": "<p>mine</p>\n", "tables/table-x.csv": "a,b\n", ".hidden.md": "# Tally report\n",
                "html/index.html": "<meta name=\"generator\" content=\"Tally\">\n",
            ]
            for (name, text) in mine { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
            let removed = try ReportFolder.clearEarlierRuns(
                for: [folder + "/summary.json"], from: .fuzz, console: EarlierNight.quiet)
            #expect(removed.isEmpty)
            for (name, text) in mine {
                #expect(try String(contentsOfFile: folder + "/" + name, encoding: .utf8) == text, "\(name)")
            }
        }
    }
}
