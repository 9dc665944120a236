import Foundation
import TallyTables
import Testing

@testable import CardAuthorizationSpec

/// The concurrency table's rows hold in every order tried; a row whose outcome depends on the order,
/// or whose requests are misspelled, fails with a message saying so.
@Suite struct ConcurrencyTableTests {
    /// Runs `rows` (under the concurrency table's header) from a temporary file and returns the results.
    static func run(_ rows: String) async -> [RowResult] {
        let folder = NSTemporaryDirectory() + "tally-concurrency-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/card-authorization/concurrency.csv"
        try? FileManager.default.createDirectory(
            atPath: folder + "/card-authorization", withIntermediateDirectories: true)
        let header =
            "id,posted,pending,at once,approved?,declined?,refused?,pending holds?,posted after?,available after?\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data((header + rows).utf8))
        var results: [RowResult] = []
        for row in LoadedTable.load(path: path, suites: [CardAuthorizationSpec.tables]).rows {
            results.append(await row.run())
        }
        return results
    }

    @Test func aRowWhoseOutcomeDependsOnTheOrderFailsSayingSo() async throws {
        let result = try #require(
            await Self.run("release and charge,$50.00,$30.00,release h1; charge $40.00,1,0,0,1,$50.00,$10.00\n").first)
        #expect(result.verdict == .failed)
        #expect(
            result.error?.hasPrefix(
                "the outcome depends on the order the requests run in: approved? 1 in first-come order, 0 in another")
                == true, "\(result.error ?? "no error")")
    }

    @Test func aMisspelledRequestIsReportedWithTheGrammar() async throws {
        let result = try #require(
            await Self.run("typo,$50.00,,charg $30.00; charge $30.00,1,1,0,1,$50.00,$20.00\n").first)
        #expect(result.verdict == .invalid)
        #expect(
            result.message.contains(
                "column \"at once\" (cell D2): \"charg $30.00; charge $30.00\" is not valid; "
                    + "expected two or more requests separated by \";\""
            ), "\(result.message)")
    }

    /// Before, a cell the row could not read as requests sent none (`?? []`), and a row expecting
    /// zero of everything passed: now the row fails naming the cell.
    @Test func requestsThatCannotBeReadFailTheRowInsteadOfSendingNone() throws {
        #expect(throws: ConcurrentRequest.UnreadableRequests.self) {
            try ConcurrentRequest.requests("charg $30.00; charge $30.00")
        }
        do {
            _ = try ConcurrentRequest.requests("charge $30.00")
            Issue.record("one request is not a concurrency row's list")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "column \"at once\": \"charge $30.00\" is not valid; expected two or more requests"))
        }
        #expect(try ConcurrentRequest.requests("charge $30.00; release h1").count == 2)
    }

    @Test func theIssuesExampleHoldsInEveryOrderTried() async throws {
        let result = try #require(
            await Self.run("two charges of $30 on $50,$50.00,,charge $30.00; charge $30.00,1,1,0,1,$50.00,$20.00\n")
                .first)
        #expect(result.verdict == .passed, "\(result.message)")
    }
}
