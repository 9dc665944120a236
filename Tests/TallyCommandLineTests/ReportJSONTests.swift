import Foundation
import Testing

@testable import TallyCommandLine

/// The fuzz and mutation JSON reports read back as leniently as a hand-written file wants: only the
/// fields the HTML report cannot do without are required, and a missing one is named with its entry.
@Suite struct ReportJSONTests {
    @Test func onlyWhatTheReportNeedsIsRequiredAndAMissingPieceIsNamed() throws {
        let path = NSTemporaryDirectory() + "/tally-report-json-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"properties":[{"name":"a","cases":1, "labels": 3, "failure": 4},{"cases":2}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        do { _ = try FuzzSummary(path: path); Issue.record("read") } catch {
            #expect(error.message.hasSuffix("property 2 has no \"name\" or \"cases\""), "\(error.message)")
        }
        try #"{"seed": 5, "properties":[{"name":"a","cases":1, "labels": 3, "failure": {"new": true}}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let read = try FuzzSummary(path: path)
        #expect(
            read.seed == "" && read.outcomes[0].failure?.kind == "failure" && read.outcomes[0].failure?.isNew == true
                && read.outcomes[0].labels.isEmpty)
        try
            (#"{"targets":[{"x":1},{"target":"T"}],"mutants":[{"file":"f","line":1,"column":1,"#
            + #""operator":"nope","status":"killed"}]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        do { _ = try MutantsSummary(path: path); Issue.record("read") } catch {
            #expect(
                error.message.hasSuffix(
                    "mutant 1 has no \"file\", \"line\", \"column\", known \"operator\" or known \"status\""),
                "\(error.message)")
        }
        try
            (#"{"targets":[{"x":1},{"target":"T"}],"mutants":[{"file":"f","line":1,"column":1,"#
            + #""operator":"min/max","status":"killed"}]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let mutants = try MutantsSummary(path: path)
        #expect(mutants.run.targets == ["T"] && mutants.run.results.count == 1 && mutants.run.command == "")
    }

    /// Before, the HTML report judged a fuzz entry by its failure alone: one that says it did not pass
    /// but whose failure cannot be read back (a damaged or hand-edited file) showed as holding.
    @Test func anEntryThatDidNotPassIsFailingEvenWhenItsFailureCannotBeRead() throws {
        let path = NSTemporaryDirectory() + "/tally-report-json-failing-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try
            (#"{"properties":[{"name":"a","cases":1,"passed":false,"failure":"garbled"},{"name":"b","cases":0,"#
            + #""passed":false,"not_run":"stopped"},{"name":"c","cases":9,"passed":true}]}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let read = try FuzzSummary(path: path)
        #expect(read.outcomes[0].failure == nil && read.outcomes[0].isFailing)
        #expect(!read.outcomes[1].isFailing, "not run is said as not run, not as a failure")
        #expect(!read.outcomes[2].isFailing)
    }
}
