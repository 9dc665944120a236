import Foundation
import TallyTables
import Testing

@testable import ClaimsSpec

/// `Tables/claims/corrections.csv`: a QA person's arrival sequences, and the one located message a
/// mistake in them gets.
@Suite struct CorrectionsTableTests {
    static let corrections = PlansTableTests.tables + "/claims/corrections.csv"

    /// The problems of the corrections table with `original` replaced by `changed`, read beside the real plans.
    static func problems(replacing original: String, with changed: String) async throws -> [String] {
        let text = try String(contentsOfFile: corrections, encoding: .utf8)
        #expect(text.contains(original))
        let folder = PlansTableTests()
        return try await folder.withClaimsTables(plans: nil) { path in
            let table = folder.write(
                text.replacingOccurrences(of: original, with: changed), table: "corrections", in: path)
            let loaded = LoadedTable.load(path: table, suites: [ClaimsSpec.tables])
            return loaded.problems.map { $0.description.replacingOccurrences(of: path, with: "Tables") }
        }
    }

    @Test func aMisspelledClaimInAVoidRowIsOneLocatedMessageWithTheNearestIDs() async throws {
        let problems = try await Self.problems(
            replacing: "\nvoid,family embedded,void,,c1,", with: "\nvoid,family embedded,void,,c11,")
        #expect(
            problems == [
                "Tables/claims/corrections.csv:13:28: column \"voids\" (cell E13): "
                    + "scenario \"void\" has no claim \"c11\" before this step; "
                    + "expected the claim of an earlier step; nearest: c1, c2"
            ])
    }

    /// Before, a step naming another plan replayed its whole scenario under that plan, and might pass.
    @Test func aStepCannotChangeItsScenariosPlan() async throws {
        let problems = try await Self.problems(
            replacing: "\nlate claim,family embedded,claim,c2,", with: "\nlate claim,family aggregate,claim,c2,")
        #expect(
            problems == [
                "Tables/claims/corrections.csv:10:12: column \"plan\" (cell B10): "
                    + "scenario \"late claim\" runs under the plan \"family embedded\" of its first step; "
                    + "a step cannot change it (start another scenario for \"family aggregate\")"
            ])
    }

    @Test func aVoidBeforeAnyClaimSaysSo() async throws {
        let problems = try await Self.problems(
            replacing: "late claim,family embedded,claim,c1,,", with: "late claim,family embedded,void,,c1,")
        #expect(
            problems == [
                "Tables/claims/corrections.csv:9:34: column \"voids\" (cell E9): "
                    + "scenario \"late claim\" has no claim \"c1\" before this step; "
                    + "no earlier step of the scenario has any claim yet",
                "Tables/claims/corrections.csv:10: scenario \"late claim\" cannot continue: "
                    + "its step at line 9 has a problem",
            ])
    }

    @Test func adjustmentCellsReadIntoTheEnginesWordsAndRefuseAWrongDifference() {
        #expect(
            AdjustmentCells.canonical("c2:$300 → $60 ,refund $240; c1: $560.00 -> VOID, refund $560")
                == "c2: $300.00 -> $60.00, refund $240.00; c1: $560.00 -> void, refund $560.00")
        #expect(AdjustmentCells.canonical("c3: $0 -> $0, no difference") == "c3: $0.00 -> $0.00, no difference")
        #expect(AdjustmentCells.canonical("c2: $300.00 -> $60.00, refund $24.00") == nil)
        #expect(AdjustmentCells.canonical("c2: $300.00 -> $60.00, owes $240.00") == nil)
        #expect(AdjustmentCells.canonical("c2 $300.00 -> $60.00") == nil)
    }
}
