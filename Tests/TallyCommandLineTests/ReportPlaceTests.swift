import Foundation
import Tally
import TallyTables
import TallyTestSupport
import Testing

@testable import TallyCommandLine

/// Where a report may go: refused before any work when it cannot be written or would replace what
/// Tally did not write; a write that fails after the work says so in one sentence.
@Suite struct ReportPlaceTests {
    static let property = Property("holds", Gen.int(in: 0...9)) { _ in }

    @Test func aFileTallyDidNotWriteIsNeverReplaced() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let readme = folder + "/README.md"
            try "# My project\n".write(toFile: readme, atomically: true, encoding: .utf8)
            let refused = await tally(["check", "--report", readme], tables: folder, properties: [Self.property])
            #expect(refused.status == 2)
            #expect(refused.out.isEmpty, "nothing ran before the refusal")
            #expect(
                refused.err
                    == "tally check: error: --report \(readme): the file exists and Tally did not write it; "
                    + "name a new file, or delete \(readme) first if it may be replaced"
            )
            #expect(try String(contentsOfFile: readme, encoding: .utf8) == "# My project\n")

            // Tally's own reports carry a marker, so running again replaces them.
            let junit = folder + "/report.xml", markdown = folder + "/report.md"
            for _ in 1...2 {
                let result = await tally(
                    ["check", "--report", junit, "--report", markdown], tables: folder, properties: [Self.property])
                #expect(result.status == 1 && result.err.contains("Wrote \(junit)\nWrote \(markdown)"))
            }
            let xml = try String(contentsOfFile: junit, encoding: .utf8)
            #expect(
                xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generator: Tally -->\n<testsuites>\n"))
        }
    }

    @Test func anHTMLReportGoesOnlyIntoANewEmptyOrEarlierReportFolder() async throws {
        try await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder + "/Tables")
            let refused = await tally(["report", "--html", folder], tables: folder + "/Tables")
            #expect(refused.status == 2 && refused.out.isEmpty)
            #expect(
                refused.err
                    == "tally report: error: --html \(folder): the folder \(folder) "
                    + "holds files or folders Tally did not write; name a new or empty folder for the report's "
                    + "pages (or the folder of an earlier Tally report)"
            )
            let viaCheck = await tally(["check", "--report", folder + "/index.html"], tables: folder + "/Tables")
            #expect(viaCheck.status == 2 && viaCheck.err.contains("holds files or folders Tally did not write"))

            let report = folder + "/report"
            for _ in 1...2 {
                let result = await tally(["report", "--html", report], tables: folder + "/Tables")
                #expect(result.status == 1, "an earlier report's folder is Tally's: \(result.err)")
            }
            let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
            #expect(index.contains(ReportPlace.htmlMarker))
        }
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs /proc, where nothing can be created"))
    func anUnwritablePlaceIsRefusedBeforeAnyWork() async {
        await withTemporaryFolder { folder in
            _ = ToySpec.write(CommandLineTests.table, in: folder)
            let check = await tally(
                ["check", "--report", "/proc/x/r.xml"], tables: folder, properties: [Self.property])
            #expect(check.status == 2 && check.out.isEmpty)
            #expect(
                check.err
                    == "tally check: error: --report /proc/x/r.xml: the folder /proc/x does not exist and cannot be "
                    + "created (/proc is not writable)"
            )
            let fuzz = await tally(
                ["fuzz", "--time", "1s", "--report", "/proc/r.xml"], tables: folder, properties: [Self.property])
            #expect(fuzz.status == 2 && fuzz.out.isEmpty)
            #expect(fuzz.err == "tally fuzz: error: --report /proc/r.xml: the folder /proc is not writable")
            let html = await tally(["report", "--html", "/proc/x"], tables: folder)
            #expect(html.status == 2 && html.out.isEmpty)
            #expect(
                html.err
                    == "tally report: error: --html /proc/x: the folder /proc/x does not exist and cannot be created "
                    + "(/proc is not writable)"
            )
        }
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "needs /proc, where nothing can be created"))
    func aWriteThatFailsAfterTheWorkIsOneSentence() {
        #expect(throws: ReportWriteError.self) { try ReportPlace.write("x", to: "/proc/r.xml") }
        do {
            try ReportPlace.write("x", to: "/proc/r.xml")
        } catch {
            #expect(error.description == "cannot write the report /proc/r.xml: the folder /proc is not writable")
        }
    }
}
