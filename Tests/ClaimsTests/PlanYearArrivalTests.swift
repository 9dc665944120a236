import Claims
import Testing

/// A plan year as a payer receives it: a late claim, a void, a replacement and duplicates, on the
/// `family embedded` plan of the tables ($500 deductible inside the family's $1,000, 20% coinsurance).
@Suite struct PlanYearArrivalTests {
    static func dollars(_ amount: Int) throws -> Money { try Money(cents: amount * 100) }

    static func plan() throws -> Plan {
        let tier = try Tier(
            individualDeductible: dollars(500), familyDeductible: dollars(1_000), coinsurance: BasisPoints(2_000),
            individualOutOfPocketMaximum: dollars(3_000), familyOutOfPocketMaximum: dollars(6_000))
        return try Plan(year: 2026, coverage: .family, inNetwork: tier, visitLimits: [.physicalTherapy: 1])
    }

    static func line(
        _ id: String, _ member: String = "ann", month: Int, _ allowed: Int, _ category: ServiceCategory = .specialist
    ) throws -> ClaimLine {
        try ClaimLine(
            id: id, member: member, date: #require(ServiceDate(year: 2026, month: month, day: 10)), category: category,
            provider: "dr lee", allowed: dollars(allowed))
    }

    @Test func aLateClaimReadjudicatesTheLaterOnesAndListsTheAdjustments() throws {
        var year = PlanYear(plan: try Self.plan())
        let march = try Self.line("c2", month: 3, 300)
        #expect(year.receive(.claim(march)).explanation?.patientPays == (try Self.dollars(300)))
        let late = year.receive(.claim(try Self.line("c1", month: 1, 800)))
        #expect(late.refusal == nil)
        #expect(late.explanation?.patientPays == (try Self.dollars(560)))
        #expect(late.adjustments.map(\.description) == ["c2: $300.00 -> $60.00, refund $240.00"])
        #expect(late.adjustments.first?.planDifference == 24_000)
    }

    @Test func aVoidRestoresEveryAccumulatorAndReadjudicatesTheLaterClaims() throws {
        var year = PlanYear(plan: try Self.plan())
        let first = year.receive(.claim(try Self.line("c1", month: 2, 300)))
        year.receive(.claim(try Self.line("c2", "ben", month: 3, 100, .physicalTherapy)))
        year.receive(.claim(try Self.line("c3", month: 1, 800, .physicalTherapy)))
        let void = year.receive(.void("c3"))
        #expect(
            void.adjustments.map(\.description) == [
                "c3: $560.00 -> void, refund $560.00", "c1: $60.00 -> $300.00, owes $240.00",
            ])
        #expect(void.result.accumulators.visits("ann", .physicalTherapy) == 0)
        #expect(void.result.explanation(for: "c1") == first.explanation)
        #expect(year.receive(.void("c3")).refusal == .alreadyVoided("c3"))
        #expect(year.receive(.void("c9")).refusal == .unknownClaim("c9"))
    }

    @Test func aReplacementIsAVoidAndANewClaimInOneStep() throws {
        var year = PlanYear(plan: try Self.plan())
        year.receive(.claim(try Self.line("c1", month: 1, 800)))
        let replaced = year.receive(.replace("c1", with: try Self.line("c1r", month: 1, 400)))
        #expect(replaced.explanation?.patientPays == (try Self.dollars(400)))
        #expect(replaced.adjustments.map(\.description) == ["c1: $560.00 -> void, refund $560.00"])
        #expect(year.receive(.claim(try Self.line("c1", month: 1, 800))).refusal == .claimIDVoided("c1"))
        let refused = year.receive(.replace("c9", with: try Self.line("c9r", month: 1, 400)))
        #expect(refused.refusal == .unknownClaim("c9"))
        #expect(Set(year.claims.keys) == ["c1r"])
    }

    @Test func duplicatesAreRefusedWithAReasonAndNeverPosted() throws {
        var year = PlanYear(plan: try Self.plan())
        let line = try Self.line("c1", month: 1, 800)
        let posted = year.receive(.claim(line))
        let again = year.receive(.claim(line))
        #expect(again.refusal?.description == "duplicate: claim c1 was already received")
        #expect(again.result == posted.result)
        let sameService = try ClaimLine(
            id: "c7", member: "ann", date: line.date, category: .specialist, provider: "dr lee",
            allowed: Self.dollars(800))
        #expect(
            year.receive(.claim(sameService)).refusal?.description
                == "duplicate: claim c7 is the same service as claim c1 (member, date, provider, category and amounts)")
        #expect(year.receive(.claim(try Self.line("c1", month: 1, 700))).refusal == .claimIDInUse("c1"))
        #expect(year.result == posted.result)
    }
}
