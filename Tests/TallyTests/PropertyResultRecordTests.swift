import Foundation
import Testing

@testable import Tally

/// A property's result crosses from `tally check`'s worker process as a ``PropertyResultRecord``: it
/// reads back as it was, and a record that says "failed" without saying how never reads as a pass.
@Suite struct PropertyResultRecordTests {
    static func record(of result: PropertyResult) throws -> PropertyResultRecord {
        try JSONDecoder().decode(PropertyResultRecord.self, from: JSONEncoder().encode(PropertyResultRecord(result)))
    }

    @Test func aFailureReadsBackWithItsCounterexample() async throws {
        var configuration = RunConfiguration()
        configuration.seed = 5
        configuration.exampleDirectory = nil
        let property = Property("under 500", Gen.int(in: 0...10_000)) { n in try ensure(n < 500, "n < 500") }
        let result = await property.check(configuration)
        let read = try #require(try Self.record(of: result).result)
        #expect(!read.passed)
        #expect(read.counterexample?.value == result.counterexample?.value)
        #expect(read.counterexample?.token == result.counterexample?.token)
        #expect(read.casesRun == result.casesRun && read.seed == result.seed)
        #expect(read.failureReport(replay: .tallyReplay) == result.failureReport(replay: .tallyReplay))
    }

    @Test func aRecordThatFailedWithoutSayingHowIsUnreadableNotAPass() throws {
        let failed = PropertyResult(
            propertyID: "p", outcome: .gaveUp("no reason"), seed: 1, casesRun: 0, casesDiscarded: 0, duration: .zero,
            labels: LabelCounts())
        var json =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(PropertyResultRecord(failed))) as! [String: Any]
        json["gaveUp"] = nil
        let damaged = try JSONDecoder().decode(
            PropertyResultRecord.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(damaged.result == nil)
    }

    @Test func labelsRequirementsAndTargetScoresReadBack() throws {
        let labels = LabelCounts(counts: ["even": 3], required: ["even": 5], targets: ["share": 0.75, "": -2])
        let passed = PropertyResult(
            propertyID: "p", outcome: .passed, seed: 1, casesRun: 6, casesDiscarded: 0, duration: .zero, labels: labels)
        #expect(try #require(try Self.record(of: passed).result).labels == labels)
        let plain = PropertyResult(
            propertyID: "p", outcome: .passed, seed: 1, casesRun: 6, casesDiscarded: 0, duration: .zero,
            labels: LabelCounts())
        #expect(try #require(try Self.record(of: plain).result).labels.targets.isEmpty)
    }
}
