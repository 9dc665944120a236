import Claims
import Tally
import Testing

@testable import ClaimsSpec

/// A wrong engine that refuses what the spec's generators and tables know is valid fails the property
/// or the row, naming the refusal, instead of trapping the process (where `tally mutate` could only
/// count a crash, and `swift test` would lose the run).
@Suite struct EngineValuesTests {
    /// Refuses every drawn value; accepts the stand-in 0.
    static let refusing = EngineValues.built("tier", from: Gen.int(in: 1...100), standIns: [0]) {
        (value: Int) throws -> Int in
        guard value == 0 else { throw EngineRefusal(description: "\(value) is not welcome") }
        return value
    }

    @Test func aPropertyWhoseEngineRefusesEveryValidValueGivesUpSayingWhy() async {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let result = await Property("every tier is accepted", Self.refusing) { _ in }.check(configuration)
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the property to give up, got \(result.outcome)")
            return
        }
        #expect(reason.contains("the engine refused a valid tier, "))
        #expect(reason.contains("is not welcome"))
    }

    @Test func aRefusedCaseIsRejectedAndItsStandInNeverReachesTheProperty() async {
        var configuration = RunConfiguration()
        configuration.exampleDirectory = nil
        let accepting = EngineValues.built("tier", from: Gen.int(in: 0...100), standIns: [0]) {
            (value: Int) throws -> Int in
            guard value % 2 == 0 else { throw EngineRefusal(description: "odd") }
            return value
        }
        let result = await Property("only accepted values are checked", accepting) { value in
            try ensure(value % 2 == 0, "an accepted value")
        }.check(configuration)
        #expect(result.passed)
        #expect(result.casesDiscarded > 0)
    }

    @Test func aTableDateTheEngineRefusesIsAnErrorNamingIt() {
        #expect(throws: EngineRefusal.self) { try ServiceDate.known(year: 2026, month: 2, day: 30) }
        #expect((try? ServiceDate.known(year: 2026, month: 2, day: 28)) == ServiceDate(year: 2026, month: 2, day: 28))
    }
}
